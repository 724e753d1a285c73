import Foundation
import Effects
import Vocabulary

/// Hair: a part behind the head and body, and a part in front framing the face. Each princess
/// has her own style, so they differ in silhouette, not only in colour.
extension CharacterPainter {
    private var hairShade: RGBColor { style.hairColor.mixed(with: RGBColor(0.15, 0.05, 0.1), 0.3) }

    func paintBackHair() {
        dc.newPath()
        switch style.hair {
        case .longWavy:
            SymmetricPath(start: (0, -91.5), [
                seg(-11, -91.5, -17.5, -85, -17, -75),
                seg(-16.5, -67, -20.5, -61, -18, -55),
                seg(-15.5, -50, -21, -46, -18, -41),
                seg(-15, -38, -11, -42, -9, -45),
                seg(-6, -48, -3, -50, 0, -52),
            ]).trace(on: dc)
        case .longStraight:
            SymmetricPath(start: (0, -92), [
                seg(-10, -92, -17, -87, -17, -76),
                seg(-17, -66, -17.5, -56, -17.5, -46),
                seg(-14, -45.5, -8, -45.5, -6, -46),
                seg(-4, -50, -2, -54, 0, -56),
            ]).trace(on: dc)
        case .spaceBuns:
            dc.circle(-11.5, -90.5, 6.8)
            dc.circle(11.5, -90.5, 6.8)
            SymmetricPath(start: (0, -91), [
                seg(-10, -91, -16.5, -86, -16.5, -76),
                seg(-16.5, -70, -17, -66, -13, -63.5),
                seg(-8, -62, -4, -62, 0, -62),
            ]).trace(on: dc)
        case .braid:
            dc.ellipse(0, -77.5, 15.8, 15)
        case .curlyCloud:
            for i in 0..<11 {
                let a = Double.pi * (0.92 + Double(i) * 1.16 / 10)
                let r = i % 2 == 0 ? 7.2 : 6.2
                dc.circle(cos(a) * 15.5, -75 + sin(a) * 15.5, r)
            }
            dc.circle(-16, -64, 5.8)
            dc.circle(16, -64, 5.8)
        }
        fillOutlined(style.hairColor.mixed(with: hairShade, 0.35), edge: shades.edge(of: hairShade))

        if style.hair == .spaceBuns {
            // Ribbon ties round each bun, and its swirl.
            dc.newPath()
            dc.arc(-11.5, -90.5, 3.6, from: 0.3, to: 4.2)
            dc.newSubPath()
            dc.arc(11.5, -90.5, 3.6, from: 0.3 + .pi, to: 4.2 + .pi)
            dc.setColor(hairShade)
            dc.stroke(width: 0.8)
        }
    }

    func paintFrontHair() {
        dc.newPath()
        switch style.hair {
        case .longWavy:
            // A side-swept fringe.
            dc.move(-14.6, -71)
            dc.curve(-16.5, -85, -7, -92.5, 1, -91.8)
            dc.curve(10, -91.5, 16.5, -85, 14.8, -71)
            dc.curve(13, -79, 8, -84, 1, -82)
            dc.curve(-4, -80.5, -9, -78, -14.6, -71)
            dc.close()
        case .longStraight:
            // Blunt bangs and straight locks beside the cheeks.
            dc.move(-15, -64)
            dc.curve(-16.5, -84, -9, -92, 0, -92)
            dc.curve(9, -92, 16.5, -84, 15, -64)
            dc.line(12.2, -64)
            dc.line(12, -80.5)
            dc.line(-12, -80.5)
            dc.line(-12.2, -64)
            dc.close()
        case .spaceBuns:
            // A fringe parted in the middle.
            dc.move(0, -84)
            dc.curve(-5, -82.5, -11, -80, -14.8, -71)
            dc.curve(-16.5, -84, -9, -91, 0, -91)
            dc.curve(9, -91, 16.5, -84, 14.8, -71)
            dc.curve(11, -80, 5, -82.5, 0, -84)
            dc.close()
        case .braid:
            // Side-parted bangs, then the braid over her left shoulder.
            dc.move(-14.8, -72)
            dc.curve(-16.5, -86, -8, -92.5, 3, -91.8)
            dc.curve(11, -91, 16.5, -85, 14.8, -70)
            dc.curve(12, -78, 8, -81, 4, -85)
            dc.curve(0, -81, -8, -80, -14.8, -72)
            dc.close()
        case .curlyCloud:
            for (cx, cy, r) in [(-9.0, -85.5, 4.6), (-2.5, -88, 4.8), (4.5, -87.5, 4.6), (10.5, -84, 4.2), (-13.5, -79.5, 3.6)] {
                dc.circle(cx, cy, r)
            }
        }
        fillOutlined(style.hairColor, edge: shades.edge(of: hairShade))

        if style.hair == .braid { paintBraid() }
        // A soft shine on the crown of the head.
        if !shades.highContrast, style.hair != .curlyCloud {
            dc.newPath()
            dc.move(-9, -86)
            dc.quad(-4, -90, 2, -89.6)
            dc.setColor(RGBColor(1, 1, 1, alpha: 0.45))
            dc.stroke(width: 1.2)
        }
    }

    /// The braid: a chain of plaits down over her shoulder, tied with a ribbon.
    private func paintBraid() {
        let links: [(Double, Double, Double)] = [(11.5, -66, 3.6), (13, -60.5, 3.4), (13.8, -55, 3.2),
                                                 (14, -49.8, 3.0), (13.6, -45, 2.7)]
        for (x, y, r) in links {
            dc.newPath()
            dc.ellipse(x, y, r, r * 0.95)
            fillOutlined(style.hairColor, edge: shades.edge(of: hairShade))
        }
        dc.newPath()
        dc.move(13.6, -42.5)
        dc.line(11.8, -38.5)
        dc.line(15.4, -38.5)
        dc.close()
        fillOutlined(style.hairColor, edge: shades.edge(of: hairShade))
        dc.newPath()
        dc.circle(13.6, -42.8, 1.5)
        fillOutlined(shades.main)
    }

    /// From behind during a twirl: the hair covers the head, and long hair falls over the back.
    func paintHairSeenFromBehind() {
        paintBackHair()
        dc.newPath()
        dc.ellipse(0, -76.5, 15.4, 15)
        fillOutlined(style.hairColor, edge: shades.edge(of: hairShade))
        if style.hair == .braid {
            dc.saved {
                dc.scale(-1, 1)
                paintBraid()
            }
        }
    }
}
