import Foundation
import Effects

/// Which pre-drawn masks stand for a particle: its shape, its size to a few percent, its
/// rotation to a step that the shape's symmetry hides, its bubble-pop stage and the palette.
/// Colour is not part of it (masks are painted in the particle's own colour), so a few
/// hundred keys cover a whole scene.
package struct ParticleSpriteKey: Hashable {
    package enum Shape: UInt8 { case star, flake, bubble, bubblePop }

    package let shape: Shape
    package let sizeBucket: Int
    package let rotationBucket: Int
    package let popBucket: Int
    package let highContrast: Bool

    /// Size steps: half a pixel up to 8 px, then 6 % apart.
    package static func sizeBucket(_ size: Float) -> Int {
        let s = Double(min(max(size, 0.25), 2000))
        if s <= 8 { return Int((s * 2).rounded()) }
        return 16 + Int((log(s / 8) / log(1.06)).rounded())
    }

    /// The radius a size bucket stands for.
    package static func size(ofBucket bucket: Int) -> Double {
        bucket <= 16 ? max(Double(bucket) / 2, 0.25) : 8 * pow(1.06, Double(bucket - 16))
    }

    /// Rotation steps within the shape's symmetry: 8 per quarter turn for the four-pointed
    /// star, 6 per sixth of a turn for the six-armed flake, none for a bubble.
    package static func rotationSteps(_ shape: Shape) -> (period: Double, steps: Int) {
        switch shape {
        case .star: return (.pi / 2, 8)
        case .flake: return (.pi / 3, 6)
        case .bubble, .bubblePop: return (1, 1)
        }
    }

    package static func rotationBucket(_ rotation: Float, shape: Shape) -> Int {
        let (period, steps) = rotationSteps(shape)
        guard steps > 1, rotation.isFinite else { return 0 }
        var t = Double(rotation).truncatingRemainder(dividingBy: period) / period
        if t < 0 { t += 1 }
        return Int((t * Double(steps)).rounded()) % steps
    }
}
