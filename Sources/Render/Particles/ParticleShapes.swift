import Foundation
import Effects

/// The look of each particle, drawn at the origin at full opacity (the painter applies the
/// particle's own opacity when it copies the sprite).
struct ParticleShapes {
    let dc: DrawingContext
    let color: RGBColor
    let size: Double
    let highContrast: Bool

    private var ink: RGBColor { RGBColor(0.08, 0.03, 0.1) }

    /// A four-pointed star with a soft glow of its colour and a white-hot core.
    func star() {
        let glow = size * 1.55
        dc.setRadialGradient(center: (0, 0), radius: glow, stops: [
            (0, color.withAlpha(0.55)), (0.35, color.withAlpha(0.25)), (1, color.withAlpha(0)),
        ])
        dc.circle(0, 0, glow)
        dc.fill()
        let r = size, k = size * 0.2
        dc.newPath()
        dc.move(0, -r)
        dc.quad(k, -k, r, 0)
        dc.quad(k, k, 0, r)
        dc.quad(-k, k, -r, 0)
        dc.quad(-k, -k, 0, -r)
        dc.close()
        dc.setColor(color.mixed(with: .white, 0.35))
        if highContrast {
            dc.fillPreserve()
            dc.setColor(ink)
            dc.stroke(width: max(size * 0.1, 1))
        } else {
            dc.fill()
        }
        dc.newPath()
        dc.circle(0, 0, size * 0.17)
        dc.setColor(.white)
        dc.fill()
    }

    /// A six-armed flake with little branches and a soft body.
    func flake() {
        if !highContrast {
            dc.setRadialGradient(center: (0, 0), radius: size * 0.7, stops: [
                (0, color.withAlpha(0.6)), (1, color.withAlpha(0)),
            ])
            dc.circle(0, 0, size * 0.7)
            dc.fill()
        }
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
        let width = max(size * 0.17, 0.8)
        if highContrast {
            dc.setColor(ink)
            dc.strokePreserve(width: width + 1.6)
        }
        dc.setColor(color)
        dc.stroke(width: width)
    }

    /// A translucent bubble: a faint tinted body, a brighter rim, and a window highlight.
    func bubble() {
        dc.newPath()
        dc.circle(0, 0, size)
        dc.setRadialGradient(center: (size * 0.2, size * 0.25), radius: size, stops: [
            (0, color.withAlpha(0.08)), (0.75, color.withAlpha(0.22)), (1, color.withAlpha(0.55)),
        ])
        dc.fillPreserve()
        dc.setColor(highContrast ? ink : color.mixed(with: .white, 0.2).withAlpha(0.95))
        dc.stroke(width: max(size * (highContrast ? 0.12 : 0.07), 0.8))
        dc.newPath()
        dc.saved {
            dc.translate(-size * 0.38, -size * 0.4)
            dc.rotate(-0.7)
            dc.ellipse(0, 0, size * 0.28, size * 0.14)
        }
        dc.setColor(RGBColor(1, 1, 1, alpha: 0.9))
        dc.fill()
        dc.newPath()
        dc.arc(0, 0, size * 0.72, from: 0.2, to: 0.9)
        dc.setColor(RGBColor(1, 1, 1, alpha: 0.55))
        dc.stroke(width: max(size * 0.06, 0.6))
    }

    /// The pop: a thin ring breaking into droplets that fly outward, `stage` 0…1.
    func popRing(stage: Double) {
        let ring = size * (1 + 0.15 * stage)
        dc.newPath()
        for i in 0..<8 {
            let a0 = Double(i) * .pi / 4 + 0.15 + stage * 0.2
            dc.newSubPath()
            dc.arc(0, 0, ring, from: a0, to: a0 + .pi / 4 * (0.75 - 0.5 * stage))
        }
        dc.setColor(highContrast ? ink : color.mixed(with: .white, 0.4))
        dc.stroke(width: max(size * 0.08 * (1 - 0.5 * stage), 0.7))
        dc.newPath()
        for i in 0..<8 {
            let a = Double(i) * .pi / 4 + .pi / 8
            dc.circle(cos(a) * size * (1.15 + 0.25 * stage), sin(a) * size * (1.15 + 0.25 * stage), max(size * 0.06, 0.7))
        }
        dc.setColor(.white)
        dc.fill()
    }
}
