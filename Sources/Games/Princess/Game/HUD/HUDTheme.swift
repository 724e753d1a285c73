import Princess
import Vocabulary

/// The HUD's colours, from the UI/UX brief: the characters' theme colours, the pale
/// lavender background and the pink accent; high contrast swaps them for ink on white
/// with strong outlines.
struct HUDTheme {
    let highContrast: Bool

    /// The brief's background colour (0.95, 0.95, 1).
    static let background = RGBColor(0.95, 0.95, 1.0)
    /// The brief's accent colour (1, 0.6, 0.8).
    static let accent = RGBColor(1.0, 0.6, 0.8)
    /// Text on light surfaces: a deep plum, softer than black.
    static let ink = RGBColor(0.27, 0.13, 0.40)

    /// The character whose theme colour a button wears.
    static func themeKind(of button: HUDButton) -> CharacterKind {
        switch button {
        case .sparkles, .twirl: return .sparkle
        case .wave: return .luna
        case .dance: return .rosie
        case .snow, .jump: return .crystal
        case .bubbles, .sparkle: return .willow
        }
    }

    /// Panels and cards.
    var surface: RGBColor { highContrast ? RGBColor(1, 1, 1) : Self.background }
    /// Text on panels.
    var text: RGBColor { highContrast ? RGBColor(0, 0, 0) : Self.ink }
    /// Outlines: none to speak of normally, thick ink in high contrast.
    var outline: RGBColor { highContrast ? RGBColor(0, 0, 0) : RGBColor(1, 1, 1, alpha: 0.9) }
    /// Outline width in points.
    var outlineWidth: Double { highContrast ? 3 : 2 }
    /// The accent (selection rings, primary buttons).
    var accent: RGBColor { highContrast ? RGBColor(0.75, 0.0, 0.45) : Self.accent }

    /// A button's fill, light to dark, from its theme colour.
    func buttonGradient(_ button: HUDButton) -> (RGBColor, RGBColor) {
        let theme = Self.themeKind(of: button).themeColor
        if highContrast { return (RGBColor(0.08, 0.05, 0.16), RGBColor(0.08, 0.05, 0.16)) }
        return (theme.mixed(with: RGBColor(1, 1, 1), 0.35), theme.mixed(with: RGBColor(0.3, 0.1, 0.4), 0.15))
    }
}

extension RGBColor {
    /// The components as Doubles, for Cairo and Pango.
    var cairo: (Double, Double, Double, Double) { (Double(red), Double(green), Double(blue), Double(alpha)) }
}
