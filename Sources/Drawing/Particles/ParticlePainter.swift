import Effects
import Vocabulary

/// Paints each live particle by pouring its colours through its cached masks.
package struct ParticlePainter {
    package let dc: DrawingContext
    package let atlas: ParticleSpriteAtlas
    package let width: Int
    package let height: Int
    package let highContrast: Bool

    private static let ink = RGBColor(0.08, 0.03, 0.1)

    /// A painter of particles onto `dc`, a `width`×`height` canvas, with sprites from `atlas`.
    package init(dc: DrawingContext, atlas: ParticleSpriteAtlas, width: Int, height: Int, highContrast: Bool) {
        self.dc = dc
        self.atlas = atlas
        self.width = width
        self.height = height
        self.highContrast = highContrast
    }

    /// Paints `particles` in order; no star is drawn over any of `starFreeBoxes`, the
    /// sparkles of a crowd are kept apart (`StarSpacing`), and a particle that does not stand
    /// out from the picture under it gets a rim that does (`ParticleGround`).
    package func paint(_ particles: [ParticleView], starFreeBoxes: [StarFreeBox] = []) {
        let largestStar = particles.lazy.filter { $0.style == .star }.map { Double($0.size) }.filter(\.isFinite).max() ?? 0
        var spacing = StarSpacing(largestSize: largestStar)
        // High contrast outlines every particle in ink already. Every ground is read before the
        // first particle is painted, so no particle's rim depends on another particle.
        let ground = highContrast ? nil : ParticleGround(pixels: dc.surface.pixels)
        let grounds = particles.map { particle -> Double? in
            let x = Double(particle.position.x), y = Double(particle.position.y), size = Double(particle.size)
            guard let ground, x.isFinite, y.isFinite, size.isFinite else { return nil }
            return ground.luma(x: x, y: y, radius: size)
        }
        // Where Cairo would draw pixel for pixel, the masks are poured by hand, the canvas
        // flushed once before and marked once after.
        let canvas = dc.drawsPixelForPixel ? dc.surface : nil
        _ = canvas?.pixels
        for (particle, ground) in zip(particles, grounds) {
            paint(particle, ground: ground, starFreeBoxes: starFreeBoxes, spacing: &spacing, onto: canvas)
        }
        canvas?.markDirty()
    }

    private func paint(_ particle: ParticleView, ground: Double?, starFreeBoxes: [StarFreeBox], spacing: inout StarSpacing,
                       onto canvas: ImageSurface?) {
        let x = Double(particle.position.x), y = Double(particle.position.y)
        let size = Double(particle.size)
        guard x.isFinite, y.isFinite, size.isFinite, size > 0.2 else { return }
        let popping = particle.style == .bubble && particle.pop > 0
        // The pop ring is thin; it keeps the bubble's opacity rather than fading with it.
        var alpha = Double(min(max(particle.color.alpha, 0), 1))
        if popping { alpha = min(1, max(alpha, 0.5 * Double(1 - particle.pop)) * 1.6) }
        guard alpha >= 1.0 / 255 else { return }

        let shape: ParticleSpriteKey.Shape
        switch particle.style {
        case .star, .ringStar: shape = .star
        case .flake: shape = .flake
        case .bubble: shape = popping ? .bubblePop : .bubble
        }
        let reach = size * ParticleSpriteAtlas.reach(shape) + 2
        guard x + reach >= 0, y + reach >= 0, x - reach <= Double(width), y - reach <= Double(height) else { return }

        let key = ParticleSpriteKey(
            shape: shape, sizeBucket: ParticleSpriteKey.sizeBucket(particle.size),
            rotationBucket: ParticleSpriteKey.rotationBucket(particle.rotation, shape: shape),
            popBucket: popping ? Int((Double(particle.pop) * 4).rounded()) : 0, highContrast: highContrast)
        guard let sprite = atlas.sprite(for: key) else { return }
        // Whole-pixel placement keeps the copy on Cairo's fastest path.
        let left = (x - Double(sprite.half)).rounded(), top = (y - Double(sprite.half)).rounded()
        if shape == .star {
            // A star near a face dims over about its own size and is left out before any
            // pixel of it (its glow included) reaches the face: cut off at the face's edge
            // it would read as a stain on her, dimmed it reads as passing behind her head.
            let side = Double(2 * sprite.half + 1), band = max(size, 2)
            for box in starFreeBoxes {
                alpha *= smoothstep(box.gap(spriteLeft: left, spriteTop: top, side: side) / band)
            }
            if particle.style == .star {
                alpha *= spacing.room(x: x, y: y, size: size)
                spacing.place(x: x, y: y, size: size, alpha: alpha)
            }
            guard alpha >= 1.0 / 255 else { return }
        }
        let tint = shape == .star ? particle.color.mixed(with: .white, 0.35) : particle.color
        let rim = ground.flatMap { ParticleGround.rim(of: shape, color: tint, onGround: $0) }
        for (mask, role) in sprite.layers {
            let color: RGBColor, opacity: Double
            switch role {
            case .tint: (color, opacity) = (tint.withAlpha(1), alpha)
            case .white: (color, opacity) = (.white, alpha)
            case .ink: (color, opacity) = (Self.ink, alpha)
            case .rim:
                // Left out where the particle already stands out, so those pixels stay as they were.
                guard let rim, alpha * rim.strength >= 1.0 / 255 else { continue }
                (color, opacity) = (rim.color, alpha * rim.strength)
            }
            if let canvas {
                canvas.paint(PremultipliedColor(color, alpha: opacity), through: mask, x: Int(left), y: Int(top))
            } else {
                dc.paintByCairo(color, alpha: opacity, through: mask, x: Int(left), y: Int(top))
            }
        }
    }
}
