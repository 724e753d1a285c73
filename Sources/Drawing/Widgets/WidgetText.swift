import Vocabulary

/// Text inside a widget: Pango lays it out in the theme's face, wrapped at words and shrunk
/// to fit its box (and only at the theme's smallest size ended in "…"), centred.
enum WidgetText {
    /// Draws `text` centred in `box` at `size` pixels or smaller; returns the size it took.
    @discardableResult
    static func draw(_ text: String, in box: LayoutRect, on dc: DrawingContext, size: Double, bold: Bool,
                     color: RGBColor, theme: WidgetTheme) -> Double {
        guard !text.isEmpty, !box.isEmpty else { return 0 }
        return PangoText.draw(text, in: dc, x: box.x, y: box.y, width: box.width, height: box.height, size: size,
                              minimum: min(size, theme.minimumTextSize), bold: bold, color: color.widgetComponents,
                              alignment: .center, family: theme.fontFamily)
    }
}

/// The shapes several widgets share.
enum WidgetShapes {
    /// A soft shadow under a rounded rectangle: the same shape, a little lower, in three
    /// widening layers of faint colour (no blur pass: the same pixels every time, and cheap).
    static func shadow(under rect: LayoutRect, radius: Double, on dc: DrawingContext, theme: WidgetTheme) {
        guard theme.shadow.alpha > 0 else { return }
        let drop = max(2, min(rect.height * 0.06, 8))
        for layer in 0..<3 {
            let spread = Double(layer) * 1.5
            dc.roundedRect(rect.x - spread, rect.y + drop - spread, rect.width + 2 * spread, rect.height + 2 * spread,
                           radius: radius + spread)
            dc.setColor(theme.shadow, alpha: 1.0 / 3.0)
            dc.fill()
        }
    }

    /// The theme's corner radius, no more than half the shorter side.
    static func radius(_ rect: LayoutRect, _ theme: WidgetTheme) -> Double {
        max(0, min(theme.cornerRadius, rect.width / 2, rect.height / 2))
    }
}
