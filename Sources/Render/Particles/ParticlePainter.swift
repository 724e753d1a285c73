import CCairo
import Effects

/// Copies each live particle's sprite onto the frame at its opacity.
struct ParticlePainter {
    let dc: DrawingContext
    let atlas: ParticleSpriteAtlas
    let width: Int
    let height: Int
    let highContrast: Bool

    func paint(_ particles: [ParticleView]) {
        for particle in particles { paint(particle) }
    }

    private func paint(_ particle: ParticleView) {
        let x = Double(particle.position.x), y = Double(particle.position.y)
        let size = Double(particle.size)
        guard x.isFinite, y.isFinite, size.isFinite, size > 0.2 else { return }
        let popping = particle.kind == .bubbles && particle.pop > 0
        // The pop ring is thin; it keeps the bubble's opacity rather than fading with it.
        var alpha = Double(particle.color.alpha)
        if popping { alpha = min(1, max(alpha, 0.5 * Double(1 - particle.pop)) * 1.6) }
        guard alpha >= 1.0 / 255 else { return }

        let shape: ParticleSpriteKey.Shape
        switch particle.kind {
        case .sparkles, .burst: shape = .star
        case .snow: shape = .flake
        case .bubbles: shape = popping ? .bubblePop : .bubble
        }
        let reach = size * ParticleSpriteAtlas.reach(shape) + 2
        guard x + reach >= 0, y + reach >= 0, x - reach <= Double(width), y - reach <= Double(height) else { return }

        // Snap to the nearest half pixel: the sprite carries the half, the copy is whole-pixel.
        let hx = (x * 2).rounded(), hy = (y * 2).rounded()
        let ix = Int((hx / 2).rounded(.down)), iy = Int((hy / 2).rounded(.down))
        let key = ParticleSpriteKey(
            shape: shape, color: particle.color,
            sizeBucket: ParticleSpriteKey.sizeBucket(particle.size),
            rotationBucket: ParticleSpriteKey.rotationBucket(particle.rotation, shape: shape),
            popBucket: popping ? Int((Double(particle.pop) * 4).rounded()) : 0,
            phaseX: Int(hx) & 1, phaseY: Int(hy) & 1, highContrast: highContrast)
        guard let sprite = atlas.sprite(for: key) else { return }
        dc.draw(sprite.surface, x: Double(ix - sprite.half), y: Double(iy - sprite.half), alpha: min(alpha, 1))
    }
}
