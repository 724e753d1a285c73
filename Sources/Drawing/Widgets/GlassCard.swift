import Vocabulary

/// A "liquid glass" card: a real blur of what lies behind it (a `FrostedBackdrop`), a
/// translucent tint over it, a 1 px white border at 30 % and a soft glow in a colour around it;
/// with `solid` (high contrast), an opaque dark panel with a thick white border instead.
package struct GlassCard {
    /// The frosted picture behind the card and where its top-left corner lies; nil tints only.
    package var backdrop: (picture: FrostedBackdrop, x: Double, y: Double)?
    /// The tint laid over the blur (white or black, translucent).
    package var tint: RGBColor
    /// The glow around the card, and how strong (0 none, 1 full).
    package var glow: RGBColor
    package var glowStrength: Double
    /// High contrast: no glass, an opaque panel.
    package var solid: Bool

    /// A glass card over `backdrop`, tinted `tint`, glowing `glow` at `glowStrength`.
    package init(backdrop: (picture: FrostedBackdrop, x: Double, y: Double)?, tint: RGBColor = RGBColor(1, 1, 1, alpha: 0.16),
                 glow: RGBColor = RGBColor(0.45, 0.35, 1), glowStrength: Double = 0.5, solid: Bool = false) {
        self.backdrop = backdrop
        self.tint = tint
        self.glow = glow
        self.glowStrength = glowStrength
        self.solid = solid
    }

    /// Draws the card's panel in `rect` with the theme's corner radius; its content is the caller's.
    package func draw(in rect: LayoutRect, on dc: DrawingContext, theme: WidgetTheme) {
        guard !rect.isEmpty else { return }
        let radius = WidgetShapes.radius(rect, theme)
        dc.saved {
            if glowStrength > 0 && !solid {
                // The glow: widening rounded outlines, fainter outward (no blur pass: cheap, exact).
                let reach = max(6, min(rect.width, rect.height) * 0.12)
                for layer in stride(from: 6, through: 1, by: -1) {
                    let spread = reach * Double(layer) / 6
                    dc.roundedRect(rect.x - spread, rect.y - spread, rect.width + 2 * spread, rect.height + 2 * spread,
                                   radius: radius + spread)
                    dc.setColor(glow, alpha: glowStrength * 0.09)
                    dc.fill()
                }
            }
            dc.roundedRect(rect.x, rect.y, rect.width, rect.height, radius: radius)
            if solid {
                dc.setColor(RGBColor(0.02, 0.02, 0.08))
                dc.fillPreserve()
                dc.setColor(.white)
                dc.stroke(width: 3)
                return
            }
            dc.saved {
                dc.clip()
                if let backdrop { backdrop.picture.draw(on: dc, x: backdrop.x, y: backdrop.y) }
                dc.setColor(tint)
                dc.paint()
                // A sheen across the top: glass catches the light.
                dc.setLinearGradient(from: (rect.x, rect.y), to: (rect.x, rect.y + rect.height * 0.5),
                                     stops: [(0, RGBColor(1, 1, 1, alpha: 0.18)), (1, RGBColor(1, 1, 1, alpha: 0))])
                dc.paint()
            }
            dc.roundedRect(rect.x + 0.5, rect.y + 0.5, rect.width - 1, rect.height - 1, radius: max(0, radius - 0.5))
            dc.setColor(RGBColor(1, 1, 1, alpha: 0.3))
            dc.stroke(width: 1)
        }
    }
}
