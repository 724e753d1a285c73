import CCairo
import Foundation
import Effects
import Vocabulary

/// A princess's arm in body units: shared by the built-in arm, its exported parts and a
/// skin's arm, so that all three bend alike.
enum ArmShape {
    /// Her left shoulder (x is mirrored for the right).
    static let shoulderX = 8.6, shoulderY = -55.0
    /// The upper arm's and the forearm's lengths.
    static let upper = 9.0, fore = 8.5
    /// The forearm's fold toward the dress while the arm is lowered.
    static let restBend = -0.12

    /// How far the forearm turns beyond the upper arm at a raise of `angle`: raised arms bend
    /// at the elbow like a wave; lowered ones fold in toward the dress.
    static func bend(at angle: Double) -> Double {
        angle > 0.9 ? 0.45 * min(1, (angle - 0.9) * 2) : restBend
    }
}

/// Arms, head and face.
extension CharacterPainter {
    /// One arm from the shoulder: `angle` 0 hangs down, π/2 points sideways, π points up.
    /// Side -1 is her right (the viewer's left), the waving arm.
    func paintArm(side: Double, angle: Double) {
        let shoulder = (side * ArmShape.shoulderX, ArmShape.shoulderY)
        let upper = ArmShape.upper, fore = ArmShape.fore
        let bend = ArmShape.bend(at: angle)
        let elbow = (shoulder.0 + side * sin(angle) * upper, shoulder.1 + cos(angle) * upper)
        let forearm = angle + bend
        let hand = (elbow.0 + side * sin(forearm) * fore, elbow.1 + cos(forearm) * fore)

        dc.newPath()
        dc.move(shoulder.0, shoulder.1)
        dc.line(elbow.0, elbow.1)
        dc.line(hand.0, hand.1)
        dc.setColor(shades.edge(of: style.skin))
        dc.strokePreserve(width: 3.4 + 2 * outlineWidth)
        dc.setColor(style.skin)
        dc.stroke(width: 3.4)

        dc.newPath()
        dc.circle(hand.0, hand.1, 2.3)
        fillOutlined(style.skin)
    }

    /// One arm's upper part (shoulder to elbow) or forearm (elbow to hand) hanging at rest,
    /// alone: the two parts a skin turns about the shoulder and the elbow. The forearm's fill
    /// is capped round so that the bent elbow shows no notch.
    func paintArmPart(side: Double, forearm: Bool) {
        let shoulder = (side * ArmShape.shoulderX, ArmShape.shoulderY)
        let elbow = (shoulder.0, shoulder.1 + ArmShape.upper)
        let bend = ArmShape.restBend
        let hand = (elbow.0 + side * sin(bend) * ArmShape.fore, elbow.1 + cos(bend) * ArmShape.fore)
        let start = forearm ? elbow : shoulder, end = forearm ? hand : elbow
        dc.newPath()
        dc.move(start.0, start.1)
        dc.line(end.0, end.1)
        dc.setColor(shades.edge(of: style.skin))
        dc.strokePreserve(width: 3.4 + 2 * outlineWidth)
        dc.setColor(style.skin)
        if forearm { cairo_set_line_cap(dc.cr, CAIRO_LINE_CAP_ROUND) }
        dc.stroke(width: 3.4)
        cairo_set_line_cap(dc.cr, CAIRO_LINE_CAP_BUTT)
        guard forearm else { return }
        dc.newPath()
        dc.circle(hand.0, hand.1, 2.3)
        fillOutlined(style.skin)
    }

    /// The puffed sleeves over both shoulders, over the tops of the arms. They do not move with
    /// the arms, so they are drawn with the layer in front of the arms, not with every arm.
    func paintSleeves() {
        for side in [-1.0, 1.0] {
            dc.newPath()
            dc.ellipse(side * 9.2, -55.5, 4.4, 3.8)
            fillShaded(from: side * 9.2 - 4.4, to: side * 9.2 + 4.4,
                       stops: [(0, shades.light), (1, shades.main)], edge: shades.edge(of: shades.dark))
        }
    }

    /// The head, a slightly wide oval.
    func paintHead() {
        dc.newPath()
        dc.ellipse(0, -75, 14.5, 14)
        fillOutlined(style.skin)
    }

    /// Eyes that blink, rosy cheeks and a smile that widens and opens.
    func paintFace() {
        paintEyes(openness: 1 - figure.blink)
        paintCheeks()
        paintMouth(smile: figure.smile)
    }

    /// Both eyes, `openness` 1 open … 0 closed.
    func paintEyes(openness: Double) {
        let eyeY = -73.8
        let ink = style.eyeColor.mixed(with: RGBColor(0.05, 0.03, 0.08), 0.55)
        for side in [-1.0, 1.0] {
            let ex = side * 5.3
            if openness > 0.25 {
                dc.newPath()
                dc.ellipse(ex, eyeY, 2.1, 2.8 * openness)
                dc.setColor(ink)
                dc.fill()
                if openness > 0.5 {
                    // The iris colour low in the eye, and a sparkle of light high in it.
                    dc.newPath()
                    dc.ellipse(ex, eyeY + 0.9 * openness, 1.5, 1.3 * openness)
                    dc.setColor(style.eyeColor.withAlpha(0.9))
                    dc.fill()
                    dc.newPath()
                    dc.circle(ex + 0.7, eyeY - 1.0 * openness, 0.8)
                    dc.setColor(.white)
                    dc.fill()
                }
                // A lash flick at the outer corner.
                dc.newPath()
                dc.move(ex + side * 1.7, eyeY - 1.6 * openness)
                dc.line(ex + side * 3.0, eyeY - 2.6 * openness - 0.2)
                dc.setColor(ink)
                dc.stroke(width: 0.7)
            } else {
                // Closed: a gentle downward curve.
                dc.newPath()
                dc.move(ex - 2.2, eyeY)
                dc.quad(ex, eyeY + 1.8, ex + 2.2, eyeY)
                dc.setColor(ink)
                dc.stroke(width: 0.85)
            }
        }
    }

    /// The rosy cheeks.
    func paintCheeks() {
        dc.newPath()
        dc.ellipse(-8.8, -68.6, 2.9, 1.8)
        dc.ellipse(8.8, -68.6, 2.9, 1.8)
        dc.setColor(RGBColor(1, 0.45, 0.55, alpha: shades.highContrast ? 0.75 : 0.5))
        dc.fill()
    }

    /// The mouth: a smile `smile` 0…1 wide, open over 0.65.
    func paintMouth(smile: Double) {
        let halfWidth = 1.8 + 2.2 * smile, depth = 0.8 + 2.6 * smile
        let mouthY = -67.6
        dc.newPath()
        if smile > 0.65 {
            dc.move(-halfWidth, mouthY)
            dc.quad(0, mouthY + depth * 1.6, halfWidth, mouthY)
            dc.quad(0, mouthY + 0.6, -halfWidth, mouthY)
            dc.close()
            dc.setColor(RGBColor(0.65, 0.16, 0.24))
            dc.fillPreserve()
            dc.setColor(RGBColor(0.45, 0.1, 0.16))
            dc.stroke(width: 0.5)
        } else {
            dc.move(-halfWidth, mouthY)
            dc.quad(0, mouthY + depth, halfWidth, mouthY)
            dc.setColor(RGBColor(0.6, 0.18, 0.25))
            dc.stroke(width: 0.95)
        }
    }
}
