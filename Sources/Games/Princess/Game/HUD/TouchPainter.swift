import Foundation
import Princess
import Vocabulary

/// Fingers on the glass: soft dots, drag trails, rings where a tap lands, the filling ring
/// of a long press, the circle where a princess will appear and the ripple of a refused
/// spawn. Drawn live: they are a few circles.
struct TouchPainter {
    let canvas: HUDCanvas

    /// The warning colour of a refusal ripple.
    static let refusal = RGBColor(1.0, 0.45, 0.25)

    func paint(_ touches: [TouchView]) {
        let s = canvas.s, dc = canvas.dc, hc = canvas.theme.highContrast
        for touch in touches where touch.alpha > 0.01 {
            let x = Double(touch.at.x), y = Double(touch.at.y), a = Double(touch.alpha), p = Double(touch.progress)
            dc.newPath()
            switch touch.kind {
            case .finger:
                let r = 17 * s
                dc.circle(x, y, r)
                dc.setRadialGradient(center: (x, y), radius: r, stops: [
                    (0, RGBColor.white.withAlpha(Float(0.95 * a))), (0.6, RGBColor.white.withAlpha(Float(0.7 * a))),
                    (1, RGBColor.white.withAlpha(0))])
                dc.fill()
                dc.newPath()
                dc.circle(x, y, r * 0.62)
                dc.setColor(hc ? RGBColor(0, 0, 0) : HUDTheme.ink, alpha: (hc ? 0.9 : 0.45) * a)
                dc.stroke(width: (hc ? 2.5 : 1.5) * s)
            case .trail:
                let fx = Double(touch.from.x), fy = Double(touch.from.y)
                dc.move(fx, fy)
                dc.line(x, y)
                dc.setLinearGradient(from: (fx, fy), to: (x, y), stops: [
                    (0, RGBColor.white.withAlpha(0)), (1, RGBColor.white.withAlpha(Float(0.75 * a)))])
                dc.stroke(width: 12 * s)
            case .ring:
                dc.circle(x, y, (14 + 26 * p) * s)
                dc.setColor(hc ? RGBColor(0, 0, 0) : RGBColor.white, alpha: (1 - p) * a)
                dc.stroke(width: 3 * s)
            case .hold:
                dc.arc(x, y, 26 * s, from: -.pi / 2, to: -.pi / 2 + 2 * .pi * max(p, 0.001))
                dc.setColor(canvas.theme.accent, alpha: a)
                dc.stroke(width: 4.5 * s)
            case .preview(let kind):
                let rx = (34 + 12 * p) * s
                dc.ellipse(x, y, rx, rx * 0.38)
                dc.setColor(kind.themeColor, alpha: 0.28 * a)
                dc.fillPreserve()
                dc.setColor(hc ? RGBColor(0, 0, 0) : kind.themeColor, alpha: a)
                dc.stroke(width: 3 * s)
            case .ripple:
                for delay in [0.0, 0.25] where p > delay {
                    let t = (p - delay) / (1 - delay)
                    dc.newPath()
                    let rx = (16 + 40 * t) * s
                    dc.ellipse(x, y, rx, rx * 0.45)
                    dc.setColor(hc ? RGBColor(0.8, 0, 0) : Self.refusal, alpha: (1 - t) * a)
                    dc.stroke(width: 3.5 * s)
                }
            }
        }
    }
}
