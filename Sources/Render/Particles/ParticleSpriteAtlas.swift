import Foundation
import Effects

/// A pre-drawn particle and where its centre sits: `half` pixels (plus its phase) from the
/// top-left corner in both directions.
struct ParticleSprite {
    let surface: ImageSurface
    let half: Int
}

/// Particles as small sprites drawn once and copied many times. Filling a star path costs
/// Cairo several microseconds; copying a small premultiplied sprite costs a fraction of that,
/// which is what lets a frame hold a thousand particles. Sprites depend only on their key,
/// so the frames do not depend on what was cached before.
final class ParticleSpriteAtlas {
    private var sprites: [ParticleSpriteKey: ParticleSprite] = [:]
    /// A bound on memory: when exceeded, the atlas starts over (the pixels stay the same).
    private let capacity: Int

    init(capacity: Int = 3000) {
        self.capacity = capacity
    }

    /// The number of sprites drawn so far and kept.
    var count: Int { sprites.count }

    func sprite(for key: ParticleSpriteKey) -> ParticleSprite? {
        if let sprite = sprites[key] { return sprite }
        guard let sprite = Self.draw(key) else { return nil }
        if sprites.count >= capacity { sprites.removeAll(keepingCapacity: true) }
        sprites[key] = sprite
        return sprite
    }

    /// How far a shape reaches from its centre, in multiples of its size.
    static func reach(_ shape: ParticleSpriteKey.Shape) -> Double {
        switch shape {
        case .star: return 1.55
        case .flake: return 1.1
        case .bubble: return 1.05
        case .bubblePop: return 1.45
        }
    }

    private static func draw(_ key: ParticleSpriteKey) -> ParticleSprite? {
        let size = ParticleSpriteKey.size(ofBucket: key.sizeBucket)
        let half = Int((size * reach(key.shape) + 2).rounded(.up))
        guard let surface = ImageSurface(width: 2 * half + 1, height: 2 * half + 1) else { return nil }
        let dc = surface.makeContext()
        dc.translate(Double(half) + key.phaseX, Double(half) + key.phaseY)
        let (period, steps) = ParticleSpriteKey.rotationSteps(key.shape)
        if steps > 1 { dc.rotate(period * Double(key.rotationBucket) / Double(steps)) }
        let shapes = ParticleShapes(dc: dc, color: key.color, size: size, highContrast: key.highContrast)
        switch key.shape {
        case .star: shapes.star()
        case .flake: shapes.flake()
        case .bubble: shapes.bubble()
        case .bubblePop: shapes.popRing(stage: Double(key.popBucket) / 4)
        }
        _ = surface.pixels  // flushes the drawing
        return ParticleSprite(surface: surface, half: half)
    }
}
