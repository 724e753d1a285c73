import Foundation
import Effects

/// A pre-drawn particle: coverage masks, each painted in one colour role, back to front, and
/// where the centre sits (`half` pixels from the top-left corner in both directions).
package struct ParticleSprite {
    /// The colour a mask is painted with: `rim` in a shade that stands out from the ground
    /// the particle is drawn on (`ParticleGround`), or not at all where the tint already does.
    package enum Role { case tint, white, ink, rim }

    package let layers: [(mask: CoverageMask, role: Role)]
    package let half: Int
}

/// Particles as small coverage masks drawn once and painted many times in each particle's
/// colour. Filling a star path costs Cairo several microseconds; painting a colour through a
/// small mask costs a fraction of that, which is what lets a frame hold a thousand particles.
/// Masks depend only on their key, so frames do not depend on what was cached before.
package final class ParticleSpriteAtlas {
    private var sprites: [ParticleSpriteKey: ParticleSprite] = [:]
    /// A bound on memory: when exceeded, the atlas starts over (the pixels stay the same).
    private let capacity: Int

    package init(capacity: Int = 3000) {
        self.capacity = capacity
    }

    /// The number of sprites drawn so far and kept.
    package var count: Int { sprites.count }

    package func sprite(for key: ParticleSpriteKey) -> ParticleSprite? {
        if let sprite = sprites[key] { return sprite }
        guard let sprite = Self.draw(key) else { return nil }
        if sprites.count >= capacity { sprites.removeAll(keepingCapacity: true) }
        sprites[key] = sprite
        return sprite
    }

    /// How far a shape reaches from its centre, in multiples of its size.
    package static func reach(_ shape: ParticleSpriteKey.Shape) -> Double {
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
        let roles = ParticleShapes.roles(of: key.shape, highContrast: key.highContrast)
        var layers: [(CoverageMask, ParticleSprite.Role)] = []
        for role in roles {
            guard let mask = ImageSurface(width: 2 * half + 1, height: 2 * half + 1, format: .alpha8) else { return nil }
            let dc = mask.makeContext()
            dc.translate(Double(half), Double(half))
            let (period, steps) = ParticleSpriteKey.rotationSteps(key.shape)
            if steps > 1 { dc.rotate(period * Double(key.rotationBucket) / Double(steps)) }
            ParticleShapes(dc: dc, size: size, highContrast: key.highContrast)
                .draw(key.shape, role: role, popStage: Double(key.popBucket) / 4)
            layers.append((CoverageMask(mask), role))
        }
        return ParticleSprite(layers: layers, half: half)
    }
}
