import Effects
import Vocabulary

/// The tones a princess is painted with: her theme colour with a lighter and a darker shade,
/// and the outline that keeps her readable (soft in the normal palette, strong and dark in
/// high contrast).
struct CharacterShades {
    let main: RGBColor
    let light: RGBColor
    let dark: RGBColor
    let deep: RGBColor
    /// Outline colour and width in body units (1 unit = 1% of her height).
    let outline: RGBColor
    let outlineWidth: Double
    /// Whether every part gets an outline (high contrast) or only the silhouette parts.
    let highContrast: Bool

    init(theme: RGBColor, highContrast: Bool) {
        let black = RGBColor(0, 0, 0)
        main = theme
        light = theme.mixed(with: .white, 0.5)
        dark = theme.mixed(with: black, 0.25)
        deep = theme.mixed(with: black, 0.45)
        self.highContrast = highContrast
        if highContrast {
            outline = RGBColor(0.05, 0.02, 0.08)
            outlineWidth = 1.5
        } else {
            outline = theme.mixed(with: RGBColor(0.25, 0.1, 0.2), 0.6).withAlpha(0.85)
            outlineWidth = 0.7
        }
    }

    /// A darker tone of any colour, for outlining a part drawn in it.
    func edge(of color: RGBColor) -> RGBColor {
        highContrast ? outline : color.mixed(with: RGBColor(0.2, 0.08, 0.15), 0.5).withAlpha(0.8)
    }
}
