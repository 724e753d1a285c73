import Foundation
import CCairo
import Effects
import Vocabulary

/// The dress: a skirt whose cut differs per princess, a bodice and a sash, in her theme colour
/// shaded from light (the light comes from the upper left) to dark.
extension CharacterPainter {
    /// Little shoes peeking out under the hem.
    func paintShoes() {
        let shoe = shades.deep
        dc.newPath()
        dc.ellipse(-5, -1.8, 4.2, 2.3)
        dc.ellipse(5, -1.8, 4.2, 2.3)
        fillOutlined(shoe)
    }

    private var skirtStops: [(Double, RGBColor)] {
        [(0, shades.light), (0.35, shades.main), (0.8, shades.dark), (1, shades.dark)]
    }

    func paintSkirt() {
        let w = 1 + flare
        let edge = shades.edge(of: shades.dark)
        switch style.dress {
        case .scallopedBell:
            traceBell(halfWidth: 27 * w, hemY: -6) { x0, x1 in
                dc.quad((x0 + x1) / 2, 0.5, x1, -6)
            }
            fillShaded(from: -27 * w, to: 27 * w, stops: skirtStops, edge: edge)
            paintFolds(halfWidth: 27 * w)
            // A lace trim that follows the scallops.
            dc.newPath()
            let n = 6
            for i in 0..<n {
                let x0 = -27 * w + Double(i) * 54 * w / Double(n), x1 = x0 + 54 * w / Double(n)
                dc.move(x0 + 1.2, -7)
                dc.quad((x0 + x1) / 2, -1.2, x1 - 1.2, -7)
            }
            dc.setColor(shades.light.mixed(with: .white, 0.5))
            dc.stroke(width: 1.3)
        case .starryALine:
            dc.newPath()
            dc.move(-7.5, -42)
            dc.curve(-11, -32, -21 * w, -14, -24 * w, -4)
            dc.quad(0, 0.5, 24 * w, -4)
            dc.curve(21 * w, -14, 11, -32, 7.5, -42)
            dc.close()
            fillShaded(from: -24 * w, to: 24 * w, stops: skirtStops, edge: edge)
            paintFolds(halfWidth: 22 * w)
            let star = RGBColor(1, 0.95, 0.7)
            dc.newPath()
            for (sx, sy, r) in [(-11.0, -13.0, 2.6), (5.0, -24.0, 2.0), (12.0, -11.0, 2.3), (-3.0, -32.0, 1.5)] {
                traceTwinkle(x: sx * w, y: sy, radius: r)
            }
            dc.setColor(star)
            dc.fill()
        case .tieredRuffles:
            // The lower tier first, then the upper tier over it.
            traceBell(halfWidth: 28 * w, hemY: -5, waistHalfWidth: 12, waistY: -30) { x0, x1 in
                dc.quad((x0 + x1) / 2, 0, x1, -5)
            }
            fillShaded(from: -28 * w, to: 28 * w, stops: [(0, shades.main), (0.6, shades.dark), (1, shades.deep)], edge: edge)
            traceBell(halfWidth: 21 * w, hemY: -20, waistHalfWidth: 8, waistY: -42, scallops: 5) { x0, x1 in
                dc.quad((x0 + x1) / 2, -15.5, x1, -20)
            }
            fillShaded(from: -21 * w, to: 21 * w, stops: skirtStops, edge: edge)
            paintFolds(halfWidth: 24 * w, top: -19)
        case .icicleBell:
            traceBell(halfWidth: 26 * w, hemY: -8, scallops: 7) { x0, x1 in
                dc.line((x0 + x1) / 2, 0)
                dc.line(x1, -8)
            }
            fillShaded(from: -26 * w, to: 26 * w,
                       stops: [(0, shades.light.mixed(with: .white, 0.4)), (0.4, shades.main), (1, shades.dark)], edge: edge)
            // Frost dots, as if snow had settled on the skirt.
            dc.newPath()
            for (fx, fy) in [(-12.0, -18.0), (-4.0, -28.0), (7.0, -20.0), (14.0, -12.0), (-17.0, -10.0), (2.0, -12.0)] {
                dc.circle(fx * w, fy, 1.1)
            }
            dc.setColor(RGBColor(1, 1, 1, alpha: 0.85))
            dc.fill()
        case .petalSkirt:
            traceBell(halfWidth: 26 * w, hemY: -9, scallops: 4) { x0, x1 in
                let mid = (x0 + x1) / 2, span = x1 - x0
                dc.curve(x0, -3, mid - span * 0.25, 0, mid, 1)
                dc.curve(mid + span * 0.25, 0, x1, -3, x1, -9)
            }
            fillShaded(from: -26 * w, to: 26 * w, stops: skirtStops, edge: edge)
            // Three lighter petals laid over the front, each with a vein.
            for (angle, length) in [(-0.42, 36.0), (0.0, 38.0), (0.42, 36.0)] {
                dc.saved {
                    dc.translate(0, -41)
                    dc.rotate(angle * w)
                    dc.newPath()
                    dc.move(0, 0)
                    dc.curve(-9, length * 0.3, -8, length * 0.8, 0, length)
                    dc.curve(8, length * 0.8, 9, length * 0.3, 0, 0)
                    dc.close()
                    fillOutlined(shades.light.mixed(with: shades.main, 0.3), edge: edge)
                    dc.move(0, 3)
                    dc.line(0, length - 4)
                    dc.setColor(shades.main.withAlpha(0.8))
                    dc.stroke(width: 0.8)
                }
            }
        }
    }

    /// A bell from the waist to a hem of `scallops` pieces, each drawn by `hemPiece` from x0
    /// to x1 (the current point is at (x0, hemY)).
    private func traceBell(halfWidth: Double, hemY: Double, waistHalfWidth: Double = 8, waistY: Double = -42,
                           scallops: Int = 6, hemPiece: (Double, Double) -> Void) {
        let wh = waistHalfWidth, h = hemY - waistY
        dc.newPath()
        dc.move(-wh, waistY)
        dc.curve(-wh - 3, waistY + h * 0.35, -halfWidth, waistY + h * 0.55, -halfWidth, hemY)
        for i in 0..<scallops {
            let x0 = -halfWidth + Double(i) * 2 * halfWidth / Double(scallops)
            hemPiece(x0, x0 + 2 * halfWidth / Double(scallops))
        }
        dc.curve(halfWidth, waistY + h * 0.55, wh + 3, waistY + h * 0.35, wh, waistY)
        dc.close()
    }

    /// Two soft fold lines from the waist toward the hem.
    private func paintFolds(halfWidth: Double, top: Double = -38) {
        guard !shades.highContrast else { return }
        dc.newPath()
        for side in [-1.0, 1.0] {
            dc.move(side * 4, top)
            dc.quad(side * halfWidth * 0.38, -20, side * halfWidth * 0.5, -8)
        }
        dc.setColor(shades.deep.withAlpha(0.35))
        dc.stroke(width: 0.9)
    }

    /// A four-pointed twinkle star as a closed sub-path.
    func traceTwinkle(x: Double, y: Double, radius r: Double) {
        let k = r * 0.28
        dc.move(x, y - r)
        dc.quad(x + k, y - k, x + r, y)
        dc.quad(x + k, y + k, x, y + r)
        dc.quad(x - k, y + k, x - r, y)
        dc.quad(x - k, y - k, x, y - r)
        dc.close()
    }

    /// The bodice from the waist to the shoulders, with a sweetheart neckline and a sash.
    func paintBodice() {
        // The neck sits behind the bodice's neckline.
        dc.newPath()
        dc.rect(-2.6, -64, 5.2, 8)
        fillOutlined(style.skin)

        SymmetricPath(start: (0, -41), [
            seg(-3, -41, -7.5, -41, -7.5, -41),
            seg(-8.3, -47, -10.5, -53, -9.5, -57.5),
            seg(-7, -59, -4, -58.5, -2.5, -57.2),
            seg(-1.5, -56.5, -0.5, -56, 0, -56.5),
        ]).trace(on: dc)
        fillShaded(from: -10, to: 10, stops: [(0, shades.light), (0.5, shades.main), (1, shades.dark)],
                   edge: shades.edge(of: shades.dark))

        // The sash, and a small ornament at its middle that differs per princess.
        dc.newPath()
        dc.roundedRect(-8.6, -44.2, 17.2, 3.6, radius: 1.6)
        let sash = style.dress == .petalSkirt ? RGBColor(0.95, 0.85, 0.35) : shades.light.mixed(with: .white, 0.35)
        fillOutlined(sash)
        dc.newPath()
        switch style.dress {
        case .scallopedBell:
            // A bow.
            dc.move(0, -42.4)
            dc.curve(-3, -46.5, -6.5, -45, -5.5, -42.4)
            dc.curve(-6.5, -40, -3, -38.5, 0, -42.4)
            dc.curve(3, -46.5, 6.5, -45, 5.5, -42.4)
            dc.curve(6.5, -40, 3, -38.5, 0, -42.4)
            dc.close()
            fillOutlined(shades.dark)
            dc.circle(0, -42.4, 1.3)
            fillOutlined(shades.main)
        case .tieredRuffles:
            traceHeart(x: 0, y: -42.6, size: 2.4)
            fillOutlined(RGBColor(1, 0.85, 0.3))
        case .starryALine:
            traceTwinkle(x: 0, y: -42.4, radius: 2.8)
            fillOutlined(RGBColor(1, 0.95, 0.7))
        case .icicleBell:
            dc.move(0, -45.2)
            dc.line(2, -42.4)
            dc.line(0, -39.6)
            dc.line(-2, -42.4)
            dc.close()
            fillOutlined(RGBColor(0.85, 0.97, 1))
        case .petalSkirt:
            dc.circle(0, -42.4, 1.8)
            fillOutlined(RGBColor(1, 0.6, 0.7))
        }
    }

    /// A heart shape centred at (x, y) as a closed sub-path.
    func traceHeart(x: Double, y: Double, size s: Double) {
        dc.move(x, y + s)
        dc.curve(x - s * 1.6, y - s * 0.1, x - s * 0.9, y - s * 1.3, x, y - s * 0.45)
        dc.curve(x + s * 0.9, y - s * 1.3, x + s * 1.6, y - s * 0.1, x, y + s)
        dc.close()
    }
}
