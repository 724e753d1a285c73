import ECS

/// Installs the effects into a world and a schedule.
public enum EffectsSystems {
    /// Stores `configuration` (and an empty emitter roster) as world resources and appends
    /// the particle system, then the emitter system, to `schedule`. `anchorPosition` says
    /// where a followed entity is now; nil means it is gone, and its emitters stop emitting
    /// while their particles live out.
    public static func install(in schedule: Schedule, world: World, configuration: EffectsConfiguration,
                               anchorPosition: @escaping (World, Entity) -> Vec2?) {
        world.setResource(configuration)
        if world.resource(EmitterRoster.self) == nil { world.setResource(EmitterRoster()) }
        schedule.add(ParticleAgingSystem.name) { context in ParticleAgingSystem.run(context) }
        schedule.add(EmissionSystem.name) { context in
            EmissionSystem.run(context, anchorPosition: anchorPosition)
        }
    }
}
