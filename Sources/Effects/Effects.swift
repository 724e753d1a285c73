/// # Effects
///
/// The particles of the scene: sparkles, snow, bubbles and the appear/vanish burst, as
/// deterministic ECS systems in pure Swift, with no drawing.
///
/// An emitter is an entity with a `ParticleEmitter` component, made by `World.startEffect`
/// and stepped by the two systems `EffectsSystems.install` adds. `particleViews(in:)` copies
/// the live particles out for a renderer.
///
/// ## Storage: a dense pool per emitter (decided by `aria-bench effects`)
///
/// (Figures pending.)
public enum EffectsModule {}
