import Drawing
import Foundation
import CCairo
import ECS
import Effects
import Princess
import Vocabulary

/// Draws one princess's figure with vector paths, in body units: the origin at her feet,
/// y downwards, 100 units from the soles to the top of the crown. It draws what a
/// `CharacterFigureKey` describes (her kind, face, arms, facing); the lean and the mirror of a
/// back view are set up by `CharacterFigureFrame`; where she stands, how she squashes, turns
/// and fades is applied when the figure is composited.
struct CharacterPainter {
    let dc: DrawingContext
    let style: CharacterStyle
    let shades: CharacterShades
    /// Outline width in body units, never thinner than about a device pixel in high contrast.
    let outlineWidth: Double
    /// The figure being drawn.
    let figure: CharacterFigureKey

    /// True when she has turned her back to the viewer during a twirl.
    var facingAway: Bool { figure.facingAway }
    /// How far the skirt flares out while twirling, 0…0.3.
    var flare: Double { figure.flare }

    init(dc: DrawingContext, figure: CharacterFigureKey) {
        self.dc = dc
        self.figure = figure
        style = .of(figure.kind)
        shades = CharacterShades(theme: figure.kind.themeColor, highContrast: figure.highContrast)
        let minimumDevicePixels = figure.highContrast ? 1.2 : 0.5
        outlineWidth = max(shades.outlineWidth, minimumDevicePixels / figure.unit)
    }

    /// What is behind the arms: the hair at her back, shoes, skirt and bodice.
    func paintBackLayer() {
        paintBackHair()
        paintShoes()
        paintSkirt()
        paintBodice()
    }

    /// Both arms, the waving one first.
    func paintArms() {
        paintArm(side: -1, angle: figure.waveArmAngle)
        paintArm(side: 1, angle: figure.otherArmAngle)
    }

    /// What is in front of the arms: the sleeves over their tops, head, hair seen from behind
    /// or the front hair, and the crown. The face is a layer of its own, painted over this one
    /// (`paintFace`) with the front hair cut out of it.
    func paintFrontLayer() {
        paintSleeves()
        paintHead()
        if facingAway {
            paintHairSeenFromBehind()
        } else {
            paintFrontHair()
        }
        paintCrown()
    }

    /// The body units the face (eyes with their lashes, cheeks, the widest open mouth) keeps
    /// within, y down from her feet.
    static let faceBox = (left: -13.0, top: -79.0, right: 13.0, bottom: -61.0)

    // MARK: shared drawing

    /// Fills the current path, first stroking a double-width edge so that only the outer half
    /// of the outline shows, even where sub-paths of one part overlap.
    func fillOutlined(_ color: RGBColor, edge: RGBColor? = nil, width: Double? = nil) {
        dc.setColor(edge ?? shades.edge(of: color))
        dc.strokePreserve(width: 2 * (width ?? outlineWidth))
        dc.setColor(color)
        dc.fill()
    }

    /// Like `fillOutlined`, with a gradient source across the part from `left` to `right` x.
    func fillShaded(from left: Double, to right: Double, stops: [(Double, RGBColor)], edge: RGBColor) {
        dc.setColor(edge)
        dc.strokePreserve(width: 2 * outlineWidth)
        dc.setLinearGradient(from: (left, 0), to: (right, 0), stops: stops)
        dc.fill()
    }
}
