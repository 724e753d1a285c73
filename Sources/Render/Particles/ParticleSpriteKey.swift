import Foundation
import Effects

/// Which pre-drawn sprite stands for a particle: its shape, its colour to 5 bits a channel,
/// its size to a few percent, its rotation to a step that the shape's symmetry hides, its
/// bubble-pop stage, and its half-pixel phase. Particles that share a key look the same, so
/// the renderer draws the sprite once and copies it for each of them.
struct ParticleSpriteKey: Hashable {
    enum Shape: UInt8 { case star, flake, bubble, bubblePop }

    let packed: UInt64

    /// Size steps: half a pixel up to 8 px, then 6 % apart.
    static func sizeBucket(_ size: Float) -> Int {
        let s = max(size, 0.25)
        if s <= 8 { return Int((s * 2).rounded()) }
        return 16 + Int((log(Double(s) / 8) / log(1.06)).rounded())
    }

    /// The radius a size bucket stands for.
    static func size(ofBucket bucket: Int) -> Double {
        bucket <= 16 ? max(Double(bucket) / 2, 0.25) : 8 * pow(1.06, Double(bucket - 16))
    }

    /// Rotation steps within the shape's symmetry: 8 per quarter turn for the four-pointed
    /// star, 6 per sixth of a turn for the six-armed flake, none for a bubble.
    static func rotationSteps(_ shape: Shape) -> (period: Double, steps: Int) {
        switch shape {
        case .star: return (.pi / 2, 8)
        case .flake: return (.pi / 3, 6)
        case .bubble, .bubblePop: return (1, 1)
        }
    }

    static func rotationBucket(_ rotation: Float, shape: Shape) -> Int {
        let (period, steps) = rotationSteps(shape)
        guard steps > 1, rotation.isFinite else { return 0 }
        var t = Double(rotation).truncatingRemainder(dividingBy: period) / period
        if t < 0 { t += 1 }
        return Int((t * Double(steps)).rounded()) % steps
    }

    init(shape: Shape, color: RGBColor, sizeBucket: Int, rotationBucket: Int, popBucket: Int,
         phaseX: Int, phaseY: Int, highContrast: Bool) {
        func five(_ c: Float) -> UInt64 { UInt64((min(max(c, 0), 1) * 31).rounded()) }
        var p = UInt64(shape.rawValue)
        p |= five(color.red) << 3 | five(color.green) << 8 | five(color.blue) << 13
        p |= UInt64(min(max(sizeBucket, 0), 0xFFF)) << 18
        p |= UInt64(rotationBucket & 0xF) << 30
        p |= UInt64(popBucket & 0xF) << 34
        p |= UInt64(phaseX & 1) << 38 | UInt64(phaseY & 1) << 39
        p |= (highContrast ? 1 : 0) << 40
        packed = p
    }

    var shape: Shape { Shape(rawValue: UInt8(packed & 7))! }
    var color: RGBColor {
        func channel(_ shift: UInt64) -> Float { Float((packed >> shift) & 31) / 31 }
        return RGBColor(channel(3), channel(8), channel(13))
    }
    var sizeBucket: Int { Int((packed >> 18) & 0xFFF) }
    var rotationBucket: Int { Int((packed >> 30) & 0xF) }
    var popBucket: Int { Int((packed >> 34) & 0xF) }
    var phaseX: Double { Double((packed >> 38) & 1) / 2 }
    var phaseY: Double { Double((packed >> 39) & 1) / 2 }
    var highContrast: Bool { (packed >> 40) & 1 == 1 }
}
