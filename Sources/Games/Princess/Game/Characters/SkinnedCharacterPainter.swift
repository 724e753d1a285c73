import Drawing
import Foundation
import Skins

/// Draws a princess from a designer's skin instead of the built-in paths, in the same body
/// units and layers as `CharacterPainter`, with the same pose: the arms turn about their
/// shoulders and elbows, the skirt flares in a twirl, the eyes narrow and close, the mouth
/// widens and opens. The lean, the mirror of a back view, the squash, jump and fade are applied
/// around it exactly as around the built-in drawing (`CharacterFigureFrame`, the compositor).
struct SkinnedCharacterPainter {
    let dc: DrawingContext
    let skin: Skin
    let figure: CharacterFigureKey

    /// What is behind the arms.
    func paintBackLayer() {
        for name in PrincessSkinSlots.back {
            if name == "skirt" {
                // The skirt flares out from her waist while she twirls.
                draw(name) { dc.scale(1 + figure.flare, 1) }
            } else {
                draw(name)
            }
        }
    }

    /// Both arms, the waving one first.
    func paintArms() {
        paintArm(side: -1, angle: figure.waveArmAngle, upper: "upper-arm-right", fore: "forearm-right")
        paintArm(side: 1, angle: figure.otherArmAngle, upper: "upper-arm-left", fore: "forearm-left")
    }

    /// What is in front of the arms.
    func paintFrontLayer() {
        draw("sleeves")
        draw("head")
        if figure.facingAway {
            if skin.parts["hair-behind"] != nil { draw("hair-behind") } else { draw("hair-front") }
        } else {
            paintEyes()
            draw("cheeks")
            paintMouth()
            draw("hair-front")
        }
        draw("crown")
    }

    /// The upper arm turned about the shoulder, the forearm about the elbow and carried to where
    /// the turned upper arm puts the elbow (its `elbow` attachment, or the forearm's pivot).
    private func paintArm(side: Double, angle: Double, upper: String, fore: String) {
        // Cairo turns (0, 1), the hanging arm, to (-sin θ, cos θ); the built-in arm points to
        // (side · sin a, cos a), so θ = -side · a.
        let bend = ArmShape.bend(at: angle)
        guard let upperPart = skin.parts[upper], let forePart = skin.parts[fore] else { return }
        let shoulder = upperPart.pivot
        let restElbow = upperPart.attachments["elbow"] ?? forePart.pivot
        let turn = -side * angle
        draw(upper) { rotate(turn, about: shoulder) }
        // Where the elbow is once the upper arm has turned (SVG units).
        let dx = restElbow.x - shoulder.x, dy = restElbow.y - shoulder.y
        let elbow = SkinPoint(shoulder.x + dx * cos(turn) - dy * sin(turn), shoulder.y + dx * sin(turn) + dy * cos(turn))
        draw(fore) {
            dc.translate(elbow.x, elbow.y)
            dc.rotate(-side * (angle + bend - ArmShape.restBend))
            dc.translate(-forePart.pivot.x, -forePart.pivot.y)
        }
    }

    /// Open eyes narrow as the lids close; half-closed and closed eyes have looks of their own.
    private func paintEyes() {
        let openness = 1 - figure.blink
        let state = openness > 0.5 ? "open" : (openness > 0.25 ? "half" : "closed")
        let eyes = skin.parts["eyes"]
        draw("eyes", state: state) {
            if state == "open", let pivot = eyes?.pivot {
                dc.translate(pivot.x, pivot.y)
                dc.scale(1, openness)
                dc.translate(-pivot.x, -pivot.y)
            }
        }
    }

    /// The mouth's look by how wide the smile is, stretched to the smile's width and depth
    /// between the looks (which show the smile at 0, ½ and 1).
    private func paintMouth() {
        let smile = figure.smile
        let (state, drawnAt) = smile > 0.65 ? ("open", 1.0) : (smile >= 0.25 ? ("smile", 0.5) : ("neutral", 0.0))
        let width = (1.8 + 2.2 * smile) / (1.8 + 2.2 * drawnAt)
        let depth = (0.8 + 2.6 * smile) / (0.8 + 2.6 * drawnAt)
        let pivot = skin.parts["mouth"]?.pivot
        draw("mouth", state: state) {
            if let pivot {
                dc.translate(pivot.x, pivot.y)
                dc.scale(width, depth)
                dc.translate(-pivot.x, -pivot.y)
            }
        }
    }

    private func rotate(_ radians: Double, about point: SkinPoint) {
        dc.translate(point.x, point.y)
        dc.rotate(radians)
        dc.translate(-point.x, -point.y)
    }

    /// Draws part `name` (in `state`) with `pose` applied in the skin's SVG units.
    private func draw(_ name: String, state: String? = nil, pose: () -> Void = {}) {
        skin.draw(name, state: state, on: dc, pose: pose)
    }
}
