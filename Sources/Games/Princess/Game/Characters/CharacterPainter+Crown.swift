import Foundation
import Effects
import Vocabulary

/// The headwear on top of the hair: a different crown or tiara for each princess.
extension CharacterPainter {
    private static let gold = RGBColor(1, 0.8, 0.22)
    private static let goldEdge = RGBColor(0.62, 0.42, 0.05)

    func paintCrown() {
        let goldEdge = shades.highContrast ? shades.outline : Self.goldEdge
        dc.saved {
            switch style.crown {
            case .pointed:
                // A tall gold crown, tilted a little, with a gem and balls on its points.
                dc.translate(1, -89)
                dc.rotate(0.12)
                dc.newPath()
                dc.move(-8, 1.5)
                dc.line(-9.5, -8.5)
                dc.line(-4.6, -3.8)
                dc.line(0, -11)
                dc.line(4.6, -3.8)
                dc.line(9.5, -8.5)
                dc.line(8, 1.5)
                dc.close()
                fillOutlined(Self.gold, edge: goldEdge)
                dc.newPath()
                dc.circle(-9.5, -8.8, 1.3)
                dc.circle(0, -11.3, 1.4)
                dc.circle(9.5, -8.8, 1.3)
                fillOutlined(RGBColor(1, 0.93, 0.6), edge: goldEdge)
                dc.newPath()
                dc.circle(0, -2, 1.9)
                fillOutlined(shades.main, edge: goldEdge)
            case .crescentTiara:
                // A silver band with a crescent moon.
                dc.newPath()
                dc.arc(0, -75, 14.8, from: -.pi * 0.86, to: -.pi * 0.14)
                dc.setColor(goldEdge.mixed(with: RGBColor(0.4, 0.4, 0.55), 0.7))
                dc.strokePreserve(width: 2.6 + 2 * outlineWidth * 0.6)
                dc.setColor(RGBColor(0.88, 0.9, 1))
                dc.stroke(width: 2.6)
                dc.newPath()
                traceCrescent(center: (0, -95.5), radius: 4.6, cut: (2.2, -1.6), cutRadius: 3.9)
                fillOutlined(RGBColor(1, 0.94, 0.6), edge: shades.highContrast ? shades.outline : RGBColor(0.7, 0.55, 0.2))
            case .heartTiara:
                dc.translate(0, -88.5)
                dc.newPath()
                dc.move(-9, 2)
                dc.quad(-8, -3, -5.5, -2.5)
                dc.quad(-3, -4, 0, -3)
                dc.quad(3, -4, 5.5, -2.5)
                dc.quad(8, -3, 9, 2)
                dc.quad(0, -1, -9, 2)
                dc.close()
                fillOutlined(Self.gold, edge: goldEdge)
                dc.newPath()
                traceHeart(x: 0, y: -5.5, size: 3.3)
                fillOutlined(RGBColor(1, 0.18, 0.35), edge: shades.highContrast ? shades.outline : RGBColor(0.55, 0.05, 0.15))
            case .iceSpikes:
                // Five ice crystals standing on a thin band.
                dc.newPath()
                for (x, h, w) in [(-8.5, 5.0, 2.0), (-4.3, 8.0, 2.3), (0.0, 11.5, 2.7), (4.3, 8.0, 2.3), (8.5, 5.0, 2.0)] {
                    let base = -88.5 + abs(x) * 0.16
                    dc.move(x, base + 1.5)
                    dc.line(x - w, base - h * 0.35)
                    dc.line(x, base - h)
                    dc.line(x + w, base - h * 0.35)
                    dc.close()
                }
                let ice = RGBColor(0.78, 0.95, 1, alpha: 0.95)
                fillOutlined(ice, edge: shades.highContrast ? shades.outline : RGBColor(0.25, 0.55, 0.75))
                dc.newPath()
                dc.move(0, -98.5)
                dc.line(0, -89.5)
                dc.setColor(RGBColor(1, 1, 1, alpha: 0.9))
                dc.stroke(width: 0.7)
            case .flowerWreath:
                // Little flowers and leaves round the top of her curls.
                let colors = [RGBColor(1, 0.55, 0.7), RGBColor(1, 0.95, 0.95), RGBColor(1, 0.8, 0.3),
                              RGBColor(1, 0.95, 0.95), RGBColor(1, 0.55, 0.7)]
                for (i, color) in colors.enumerated() {
                    let a = Double.pi * (1.16 + Double(i) * 0.68 / 4)
                    let cx = cos(a) * 17.5, cy = -75 + sin(a) * 17.5
                    dc.newPath()
                    dc.ellipse(cx + 2.6, cy + 1.2, 2.4, 1.2)
                    fillOutlined(RGBColor(0.3, 0.7, 0.35))
                    dc.newPath()
                    for p in 0..<5 {
                        let b = Double(p) * 2 * .pi / 5 + a
                        dc.circle(cx + cos(b) * 1.9, cy + sin(b) * 1.9, 1.6)
                    }
                    fillOutlined(color, edge: shades.highContrast ? shades.outline : color.mixed(with: RGBColor(0.5, 0.1, 0.3), 0.5))
                    dc.newPath()
                    dc.circle(cx, cy, 1.1)
                    dc.setColor(RGBColor(1, 0.78, 0.2))
                    dc.fill()
                }
            }
        }
    }

    /// A crescent: the circle at `center` less the circle of `cutRadius` offset by `cut`.
    private func traceCrescent(center: (Double, Double), radius r1: Double, cut: (Double, Double), cutRadius r2: Double) {
        let d = (cut.0 * cut.0 + cut.1 * cut.1).squareRoot()
        let theta = atan2(cut.1, cut.0)
        let alpha = acos(min(max((d * d + r1 * r1 - r2 * r2) / (2 * d * r1), -1), 1))
        // Round the outer circle, away from the cut, between the two crossing points…
        dc.arc(center.0, center.1, r1, from: theta + alpha, to: theta + 2 * .pi - alpha)
        // …then back along the inner edge of the cut.
        let inner = (center.0 + cut.0, center.1 + cut.1)
        let start = (center.0 + r1 * cos(theta - alpha), center.1 + r1 * sin(theta - alpha))
        let end = (center.0 + r1 * cos(theta + alpha), center.1 + r1 * sin(theta + alpha))
        dc.arcNegative(inner.0, inner.1, r2, from: atan2(start.1 - inner.1, start.0 - inner.0),
                       to: atan2(end.1 - inner.1, end.0 - inner.0))
        dc.close()
    }
}
