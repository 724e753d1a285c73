import Foundation
import Vocabulary

/// How bright the picture is where a particle is drawn, and the rim that makes the particle
/// stand out there: a light particle on a light room gets a deep rim of its own colour, a dark
/// one on a dark room a pale rim, and one that already contrasts with its ground none.
/// Read from the canvas before any particle is painted, so a particle's rim never depends on
/// the particles drawn before it.
package struct ParticleGround {
    /// The rim's colour and how much of the particle's opacity it is painted with, 0…1.
    package struct Rim: Equatable {
        /// The rim's colour, opaque.
        package var color: RGBColor
        /// The share of the particle's opacity it is painted with.
        package var strength: Double
    }

    private let pixels: FramePixels

    /// The ground of `pixels`, the finished room and characters under the particles.
    package init(pixels: FramePixels) { self.pixels = pixels }

    /// Rec. 601 luma, 0…1: brightness as the eye weighs the three channels.
    package static func luma(_ color: RGBColor) -> Double {
        0.299 * Double(color.red) + 0.587 * Double(color.green) + 0.114 * Double(color.blue)
    }

    /// The mean luma at the centre and at eight points `radius` out: the ground around a
    /// particle as a whole, so a rim fades in smoothly as a particle moves onto a light patch.
    package func luma(x: Double, y: Double, radius: Double) -> Double {
        var sum = 0.0, count = 0
        for (dx, dy) in Self.samplePoints {
            let px = Int((x + dx * radius).rounded(.down)), py = Int((y + dy * radius).rounded(.down))
            guard px >= 0, py >= 0, px < pixels.width, py < pixels.height else { continue }
            let (blue, green, red, _) = pixels.bgra(x: px, y: py)
            sum += (0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue)) / 255
            count += 1
        }
        return count == 0 ? 0 : sum / Double(count)
    }

    private static let samplePoints: [(Double, Double)] = [(0, 0)] + (0..<8).map { i in
        let angle = Double(i) * .pi / 4
        return (cos(angle), sin(angle))
    }

    /// A dark violet the deep rims lean towards, so they read as shade of the particle's own
    /// colour rather than grey.
    private static let shade = RGBColor(0.16, 0.08, 0.3)

    /// The most of the particle's opacity a deep rim is painted with, by shape: a soft edge
    /// that lets a white star, flake or bubble be seen on a pale wall and still read as white,
    /// not as a dark shape. A flake's rim is the thinnest (half a pixel either side of arms a
    /// pixel or two wide), so it is painted the strongest.
    package static func deepStrength(_ shape: ParticleSpriteKey.Shape) -> Double {
        switch shape {
        case .star: return 0.45
        case .flake: return 0.75
        case .bubble, .bubblePop: return 0.55
        }
    }

    /// The rim of a particle of `shape` and `color` over ground of luma `ground`; nil for none. A particle
    /// counts as light from luma 0.3 (not at all) to 0.6 (fully). A light one is rimmed deep
    /// on ground from 0.45, fully from 0.7: the day rooms' walls and floors are 0.6–0.95 and the
    /// night room under 0.4, which keeps its look. A deep rim is painted with at most
    /// `deepStrength(shape)` of the particle's opacity. A dark one is rimmed pale below 0.55.
    package static func rim(of shape: ParticleSpriteKey.Shape, color: RGBColor, onGround ground: Double) -> Rim? {
        let light = smoothstep((luma(color) - 0.3) / 0.3)
        let onLight = light * smoothstep((ground - 0.45) / 0.25)
        let onDark = (1 - light) * (1 - smoothstep((ground - 0.3) / 0.25))
        if onLight >= onDark, onLight > 0 {
            let deep = RGBColor(color.red * 0.5, color.green * 0.5, color.blue * 0.5).mixed(with: shade, 0.4)
            return Rim(color: deep.withAlpha(1), strength: onLight * deepStrength(shape))
        }
        if onDark > 0 { return Rim(color: color.mixed(with: .white, 0.8).withAlpha(1), strength: onDark) }
        return nil
    }
}
