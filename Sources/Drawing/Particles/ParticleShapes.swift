import Foundation
import Effects
import Vocabulary

/// The look of each particle as coverage masks at the origin: what is painted in the
/// particle's colour (tint), in white (highlights, a star's hot core), in the soft palette in a
/// rim shade chosen against the ground (outlines), and in high contrast in dark ink (outlines).
/// Drawn with alpha only; the painter supplies the colours.
package struct ParticleShapes {
    package let dc: DrawingContext
    package let size: Double
    package let highContrast: Bool

    /// The masks a shape needs, back to front.
    package static func roles(of shape: ParticleSpriteKey.Shape, highContrast: Bool) -> [ParticleSprite.Role] {
        switch shape {
        case .star: return highContrast ? [.tint, .ink, .white] : [.tint, .rim, .white]
        case .flake: return highContrast ? [.ink, .tint] : [.rim, .tint]
        case .bubble: return highContrast ? [.tint, .ink, .white] : [.tint, .rim, .white]
        case .bubblePop: return highContrast ? [.tint, .ink, .white] : [.rim, .tint, .white]
        }
    }

    package func draw(_ shape: ParticleSpriteKey.Shape, role: ParticleSprite.Role, popStage: Double) {
        switch shape {
        case .star: star(role)
        case .flake: flake(role)
        case .bubble: bubble(role)
        case .bubblePop: popRing(role, stage: popStage)
        }
    }

    private func coverage(_ alpha: Double) -> RGBColor { RGBColor(0, 0, 0, alpha: Float(alpha)) }

    private func traceStar() {
        let r = size, k = size * 0.2
        dc.newPath()
        dc.move(0, -r)
        dc.quad(k, -k, r, 0)
        dc.quad(k, k, 0, r)
        dc.quad(-k, k, -r, 0)
        dc.quad(-k, -k, 0, -r)
        dc.close()
    }

    /// A four-pointed star with a soft glow and a white-hot core.
    private func star(_ role: ParticleSprite.Role) {
        switch role {
        case .tint:
            let glow = size * 1.55
            dc.setRadialGradient(center: (0, 0), radius: glow, stops: [
                (0, coverage(0.55)), (0.35, coverage(0.25)), (1, coverage(0)),
            ])
            dc.circle(0, 0, glow)
            dc.fill()
            traceStar()
            dc.setColor(coverage(1))
            dc.fill()
        case .ink:
            traceStar()
            dc.setColor(coverage(1))
            dc.stroke(width: max(size * 0.1, 1))
        case .rim:
            traceStar()
            dc.setColor(coverage(1))
            dc.stroke(width: max(size * 0.16, 1.3))
        case .white:
            dc.newPath()
            dc.circle(0, 0, size * 0.2)
            dc.setColor(coverage(0.95))
            dc.fill()
        }
    }

    private func traceFlake() {
        dc.newPath()
        for arm in 0..<6 {
            let a = Double(arm) * .pi / 3
            let (c, s) = (cos(a), sin(a))
            dc.move(0, 0)
            dc.line(c * size, s * size)
            if size >= 4 {
                // A small V on each arm.
                let bx = c * size * 0.55, by = s * size * 0.55
                for turn in [-0.7, 0.7] {
                    dc.move(bx, by)
                    dc.line(bx + cos(a + turn) * size * 0.3, by + sin(a + turn) * size * 0.3)
                }
            }
        }
    }

    /// A six-armed flake with little branches and a soft body.
    private func flake(_ role: ParticleSprite.Role) {
        let width = max(size * 0.17, 0.8)
        switch role {
        case .tint:
            if !highContrast {
                dc.setRadialGradient(center: (0, 0), radius: size * 0.7, stops: [(0, coverage(0.6)), (1, coverage(0))])
                dc.circle(0, 0, size * 0.7)
                dc.fill()
            }
            traceFlake()
            dc.setColor(coverage(1))
            dc.stroke(width: width)
        case .ink, .rim:
            // Behind the arms, wider than them: an outline either side. The rim's is half a
            // pixel a side, so a small flake's white arms stay the most of what is seen.
            traceFlake()
            dc.setColor(coverage(1))
            dc.stroke(width: width + (role == .rim ? 1.0 : 1.6))
        case .white:
            break
        }
    }

    /// A translucent bubble: a faint tinted body, a brighter rim, and a window highlight.
    private func bubble(_ role: ParticleSprite.Role) {
        let rim = max(size * (highContrast ? 0.12 : 0.07), 0.8)
        switch role {
        case .tint:
            dc.newPath()
            dc.circle(0, 0, size)
            dc.setRadialGradient(center: (size * 0.2, size * 0.25), radius: size, stops: [
                (0, coverage(0.12)), (0.75, coverage(0.3)), (1, coverage(0.65)),
            ])
            dc.fillPreserve()
            dc.setColor(coverage(highContrast ? 0 : 1))
            dc.stroke(width: rim)
        case .ink:
            dc.newPath()
            dc.circle(0, 0, size)
            dc.setColor(coverage(1))
            dc.stroke(width: rim)
        case .rim:
            // Just inside the tinted rim, so the bubble keeps its size and its bright edge.
            dc.newPath()
            dc.circle(0, 0, size - rim * 0.5)
            dc.setColor(coverage(1))
            dc.stroke(width: max(size * 0.14, 1.3))
        case .white:
            dc.newPath()
            dc.saved {
                dc.translate(-size * 0.38, -size * 0.4)
                dc.rotate(-0.7)
                dc.ellipse(0, 0, size * 0.28, size * 0.14)
            }
            dc.setColor(coverage(0.95))
            dc.fill()
            dc.newPath()
            dc.arc(0, 0, size * 0.72, from: 0.2, to: 0.9)
            dc.setColor(coverage(0.6))
            dc.stroke(width: max(size * 0.06, 0.6))
        }
    }

    /// The pop: a thin ring breaking into droplets that fly outward, `stage` 0…1.
    private func popRing(_ role: ParticleSprite.Role, stage: Double) {
        switch role {
        case .tint, .ink, .rim:
            guard role == .rim || (role == .ink) == highContrast else { return }
            let ring = size * (1 + 0.15 * stage)
            dc.newPath()
            for i in 0..<8 {
                let a0 = Double(i) * .pi / 4 + 0.15 + stage * 0.2
                dc.newSubPath()
                dc.arc(0, 0, ring, from: a0, to: a0 + .pi / 4 * (0.75 - 0.5 * stage))
            }
            dc.setColor(coverage(1))
            // The rim is the ring's outline: the same arcs, wider, behind it.
            let width = max(size * 0.08 * (1 - 0.5 * stage), 0.7)
            dc.stroke(width: role == .rim ? width + 1.4 : width)
        case .white:
            dc.newPath()
            for i in 0..<8 {
                let a = Double(i) * .pi / 4 + .pi / 8
                dc.circle(cos(a) * size * (1.15 + 0.25 * stage), sin(a) * size * (1.15 + 0.25 * stage), max(size * 0.06, 0.7))
            }
            dc.setColor(coverage(1))
            dc.fill()
        }
    }
}
