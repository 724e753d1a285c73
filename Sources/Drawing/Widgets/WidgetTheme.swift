import Vocabulary

/// What the shared widgets look like: colours, roundness and the face of their text. A game
/// passes its own; `WidgetTheme.playful` is a child-friendly start (pale lavender surfaces,
/// deep plum ink, a pink accent, the rounded Quicksand face).
public struct WidgetTheme: Sendable, Equatable {
    /// Behind everything on a full-screen message.
    public var background: RGBColor
    /// Cards, bubbles, a bar's empty track.
    public var surface: RGBColor
    /// Text on surfaces.
    public var ink: RGBColor
    /// Buttons and a bar's filled part.
    public var accent: RGBColor
    /// Text on the accent.
    public var onAccent: RGBColor
    /// A disabled button's fill and text.
    public var disabled: RGBColor
    /// The outline around cards, bubbles and buttons; alpha 0 for none.
    public var outline: RGBColor
    /// Outline width in pixels.
    public var outlineWidth: Double
    /// The soft shadow under cards and raised buttons; alpha 0 for none.
    public var shadow: RGBColor
    /// Corner radius in pixels (clamped to half the shorter side of each shape).
    public var cornerRadius: Double
    /// The font family; fontconfig falls back to another face for scripts it lacks (Hangul).
    public var fontFamily: String
    /// The smallest text size in pixels a widget shrinks its text to before ending it in "…".
    public var minimumTextSize: Double

    /// A theme from its parts.
    public init(background: RGBColor, surface: RGBColor, ink: RGBColor, accent: RGBColor, onAccent: RGBColor,
                disabled: RGBColor, outline: RGBColor, outlineWidth: Double, shadow: RGBColor, cornerRadius: Double,
                fontFamily: String, minimumTextSize: Double = 10) {
        self.background = background
        self.surface = surface
        self.ink = ink
        self.accent = accent
        self.onAccent = onAccent
        self.disabled = disabled
        self.outline = outline
        self.outlineWidth = outlineWidth
        self.shadow = shadow
        self.cornerRadius = cornerRadius
        self.fontFamily = fontFamily
        self.minimumTextSize = minimumTextSize
    }

    /// Soft and bright, for young children: the studio's lavender and pink, big round corners.
    public static let playful = WidgetTheme(
        background: RGBColor(0.80, 0.78, 0.98), surface: RGBColor(0.97, 0.96, 1.0), ink: RGBColor(0.27, 0.13, 0.40),
        accent: RGBColor(0.93, 0.36, 0.62), onAccent: RGBColor(1, 1, 1), disabled: RGBColor(0.74, 0.72, 0.78),
        outline: RGBColor(1, 1, 1, alpha: 0.9), outlineWidth: 2, shadow: RGBColor(0.2, 0.1, 0.3, alpha: 0.22),
        cornerRadius: 24, fontFamily: "Quicksand")
}

extension RGBColor {
    /// The components as Cairo and Pango take them.
    var widgetComponents: (Double, Double, Double, Double) { (Double(red), Double(green), Double(blue), Double(alpha)) }
}
