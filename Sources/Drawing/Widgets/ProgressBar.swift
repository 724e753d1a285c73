import Vocabulary

/// A progress bar (an energy level, a game's timer): a rounded track in the theme's surface,
/// filled from the left in the accent for the fraction done. The filled part ends exactly at
/// `fraction` of the track's length, whatever the roundness of its ends.
package struct ProgressBar {
    /// How much is done, 0…1 (outside it is clamped; not a number counts as 0).
    package var fraction: Double
    /// The fill; nil uses the theme's accent.
    package var fill: RGBColor?

    /// A bar `fraction` full, in `fill` or the theme's accent.
    package init(fraction: Double, fill: RGBColor? = nil) {
        self.fraction = fraction
        self.fill = fill
    }

    /// The fraction drawn: clamped to 0…1, 0 for NaN.
    package var shownFraction: Double { fraction.isNaN ? 0 : min(1, max(0, fraction)) }

    /// Draws the bar in `rect` (its length is the longer side: a tall rectangle fills from the
    /// bottom up); nothing when the rectangle is empty.
    package func draw(in rect: LayoutRect, on dc: DrawingContext, theme: WidgetTheme) {
        guard !rect.isEmpty else { return }
        let radius = min(rect.width, rect.height) / 2
        dc.saved {
            dc.roundedRect(rect.x, rect.y, rect.width, rect.height, radius: radius)
            dc.setColor(theme.surface)
            dc.fillPreserve()
            // The fill is a plain rectangle clipped to the track: its end is where the fraction says.
            dc.clip()
            dc.setColor(fill ?? theme.accent)
            if rect.width >= rect.height {
                dc.rect(rect.x, rect.y, rect.width * shownFraction, rect.height)
            } else {
                let filled = rect.height * shownFraction
                dc.rect(rect.x, rect.maxY - filled, rect.width, filled)
            }
            dc.fill()
        }
        if theme.outline.alpha > 0 && theme.outlineWidth > 0 {
            dc.saved {
                dc.roundedRect(rect.x, rect.y, rect.width, rect.height, radius: radius)
                dc.setColor(theme.outline)
                dc.stroke(width: theme.outlineWidth)
            }
        }
    }
}
