import CCairo
import Drawing
import Foundation
import ECS
import Princess
import Vocabulary

/// What every HUD painter draws with: the frame's context, the layout in pixels, the
/// theme, the cached parts, and the scene's own character painter for portraits.
struct HUDCanvas {
    let dc: DrawingContext
    let layout: HUDLayout
    let theme: HUDTheme
    let surfaces: HUDSurfaces
    let figures: CharacterFigureCache
    let spots: SoftSpotMasks

    /// Pixels per point.
    var s: Double { layout.s }

    /// The same canvas with another layout (one fitted to a part).
    func with(_ other: HUDLayout) -> HUDCanvas {
        HUDCanvas(dc: dc, layout: other, theme: theme, surfaces: surfaces, figures: figures, spots: spots)
    }

    /// The same canvas drawing into another context (a cached layer), moved so that the
    /// frame's point (x, y) lands at the layer's origin.
    func layer(_ other: DrawingContext, originX x: Double, originY y: Double) -> HUDCanvas {
        other.translate(-x, -y)
        return HUDCanvas(dc: other, layout: layout, theme: theme, surfaces: surfaces, figures: figures, spots: spots)
    }
    /// A key fragment naming what every cached part depends on.
    var style: String { "\(s)|\(theme.highContrast)" }

    /// Text in points: `size` points, never below the brief's 14 pt minimum nor below 10
    /// pixels, so that it stays legible on a 640×360 preview.
    func textSize(_ points: Double) -> Double { max(points * s, min(14 * s, 10)) }

    /// Paints a princess with the scene's own painter, her feet at (x, y), `height` pixels tall.
    func portrait(_ kind: CharacterKind, in dc: DrawingContext, feetX x: Double, feetY y: Double, height: Double) {
        var pose = CharacterPose(id: "portrait-\(kind.rawValue)", kind: kind, position: Vec2(Float(x), Float(y)),
                                 baseHeight: Float(height))
        pose.smile = 0.8
        CharacterCompositor(dc: dc, figures: figures, spots: spots, highContrast: theme.highContrast).paint(pose, kindPortrait: true)
    }
}

/// The icons of the buttons and the menu: glyphs from the fonts where one reads well, drawn
/// stars and bubbles where none does.
enum HUDIcon {
    static func draw(_ button: HUDButton, in dc: DrawingContext, x: Double, y: Double, size: Double, color: RGBColor) {
        switch button {
        case .sparkles:
            star(dc, x - size * 0.12, y + size * 0.05, size * 0.42, color)
            star(dc, x + size * 0.28, y - size * 0.25, size * 0.2, color)
        case .sparkle:
            star(dc, x, y, size * 0.5, color)
        case .bubbles:
            dc.setColor(color)
            for (dx, dy, r) in [(-0.16, 0.12, 0.26), (0.22, -0.06, 0.18), (0.02, -0.3, 0.12)] {
                dc.newPath()
                dc.circle(x + dx * size, y + dy * size, r * size)
                dc.stroke(width: size * 0.08)
            }
        default:
            let glyph: String
            switch button {
            case .snow: glyph = "❄"
            // With a text presentation selector: ✋ is drawn as a colour emoji by default, and the
            // button's icon is a glyph in the button's own colour.
            case .wave: glyph = "✋\u{FE0E}"
            case .dance: glyph = "♫"
            case .twirl: glyph = "↻"
            default: glyph = "⇧"
            }
            PangoText.draw(glyph, in: dc, x: x - size, y: y - size, width: 2 * size, height: 2 * size,
                           size: size * 0.95, minimum: size * 0.5, bold: true, color: color.cairo)
        }
    }

    /// A four-pointed sparkle star.
    static func star(_ dc: DrawingContext, _ x: Double, _ y: Double, _ r: Double, _ color: RGBColor) {
        dc.newPath()
        dc.move(x, y - r)
        dc.quad(x, y, x + r, y)
        dc.quad(x, y, x, y + r)
        dc.quad(x, y, x - r, y)
        dc.quad(x, y, x, y - r)
        dc.close()
        dc.setColor(color)
        dc.fill()
    }
}
