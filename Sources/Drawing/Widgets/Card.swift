import Vocabulary

/// A card: a raised, rounded panel in the theme's surface colour with a soft shadow and an
/// outline, and an optional title and line of text inside (wrapped and shrunk to fit).
package struct Card {
    /// The heading, bold, in the top part of the card; empty for none.
    package var title: String
    /// The text under the title (or centred when there is no title); empty for none.
    package var text: String
    /// The fill; nil uses the theme's surface.
    package var fill: RGBColor?

    /// A card with `title` and `text` (either may be empty), filled with `fill` or the theme's surface.
    package init(title: String = "", text: String = "", fill: RGBColor? = nil) {
        self.title = title
        self.text = text
        self.fill = fill
    }

    /// Draws the card in `rect`; nothing when the rectangle is empty.
    package func draw(in rect: LayoutRect, on dc: DrawingContext, theme: WidgetTheme) {
        guard !rect.isEmpty else { return }
        let radius = WidgetShapes.radius(rect, theme)
        dc.saved {
            WidgetShapes.shadow(under: rect, radius: radius, on: dc, theme: theme)
            dc.roundedRect(rect.x, rect.y, rect.width, rect.height, radius: radius)
            dc.setColor(fill ?? theme.surface)
            dc.fill(outline: theme.outline.alpha > 0 && theme.outlineWidth > 0 ? (theme.outline, theme.outlineWidth) : nil)
            let inner = rect.insetBy(max(radius * 0.6, rect.width * 0.06), max(radius * 0.4, rect.height * 0.08))
            switch (title.isEmpty, text.isEmpty) {
            case (true, true):
                break
            case (false, true):
                WidgetText.draw(title, in: inner, on: dc, size: inner.height * 0.5, bold: true, color: theme.ink, theme: theme)
            case (true, false):
                WidgetText.draw(text, in: inner, on: dc, size: inner.height * 0.3, bold: false, color: theme.ink, theme: theme)
            case (false, false):
                let titleBox = LayoutRect(x: inner.x, y: inner.y, width: inner.width, height: inner.height * 0.42)
                let textBox = LayoutRect(x: inner.x, y: titleBox.maxY, width: inner.width, height: inner.height * 0.58)
                WidgetText.draw(title, in: titleBox, on: dc, size: titleBox.height * 0.7, bold: true, color: theme.ink, theme: theme)
                WidgetText.draw(text, in: textBox, on: dc, size: textBox.height * 0.34, bold: false, color: theme.ink, theme: theme)
            }
        }
    }
}
