import ECS

/// How a particle looks at its age: the twinkle of a star, the sway of a flake, the wobble,
/// growth and pop of a bubble, and the fade at the end of every life. Computed only when a
/// view is made, never in the per-step update.
enum ParticleAppearance {
    /// The view of `particle`, an effect of `kind` in `style` drawn with `profile` at `unit` pixels per unit.
    static func view(of particle: Particle, kind: EffectKind, style: ParticleStyle, profile: EmitterProfile,
                     unit: Float) -> ParticleView {
        let life = particle.lifeFraction
        let remaining = max(particle.lifetime - particle.age, 0)
        switch style {
        case .star, .ringStar:
            let pulse = SineApproximation.sine(particle.phase + particle.age * profile.swayFrequency)
            let twinkle = 1 - profile.twinkle * (0.5 - 0.5 * pulse)
            let fade = min(1, (1 - life) / 0.35)
            let shrink: Float = style == .ringStar ? 1 - 0.5 * life : 1
            return ParticleView(
                kind: kind, style: style, position: particle.position,
                size: particle.size * (0.7 + 0.3 * twinkle) * shrink,
                color: particle.color.withAlpha(particle.color.alpha * twinkle * fade),
                rotation: particle.rotation, lifeFraction: life)
        case .flake:
            let sway = profile.swayAmplitude * unit
                * SineApproximation.sine(particle.phase + particle.age * profile.swayFrequency)
            // The last stretch of the fall (a quarter of it, at most 1.2 s) fades out, so a
            // flake melts into the floor instead of vanishing.
            let fade = min(1, remaining / min(1.2, 0.25 * particle.lifetime))
            return ParticleView(
                kind: kind, style: style, position: Vec2(particle.position.x + sway, particle.position.y),
                size: particle.size, color: particle.color.withAlpha(particle.color.alpha * fade),
                rotation: particle.rotation, lifeFraction: life)
        case .bubble:
            let wobble = profile.swayAmplitude * unit
                * SineApproximation.sine(particle.phase + particle.age * profile.swayFrequency)
            let popDuration = EmitterProfile.popDuration
            let pop = max(0, min(1, (popDuration - remaining) / popDuration))
            return ParticleView(
                kind: kind, style: style, position: Vec2(particle.position.x + wobble, particle.position.y),
                size: particle.size * (1 + 0.25 * life) * (1 + 0.4 * pop),
                color: particle.color.withAlpha(particle.color.alpha * (1 - pop)),
                rotation: particle.rotation, lifeFraction: life, pop: pop)
        }
    }
}
