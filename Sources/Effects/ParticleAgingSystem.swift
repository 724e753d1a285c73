import ECS

/// The system that ages and moves every emitter's particles by one step, removes those
/// whose life is over, and sends a "bubble_pop" cue as each bubble starts to pop.
enum ParticleAgingSystem {
    /// The name the system has in a schedule.
    static let name = "effects.particles"

    /// Runs one step.
    static func run(_ context: SystemContext) {
        let world = context.world
        guard let configuration = world.resource(EffectsConfiguration.self),
              let roster = world.resource(EmitterRoster.self) else { return }
        let deltaTime = Float(context.deltaTime)
        let unit = configuration.unit
        var cues: [EffectSoundCue] = []
        for entity in roster.emitters {
            world.modify(ParticleEmitter.self, of: entity) { emitter in
                let kind = emitter.kind
                guard let definition = configuration.definitions[kind] else { return }
                let profile = EmitterProfile.current(
                    for: definition, anchor: emitter.request.anchor, configuration: configuration)
                let motion = ParticleMotion(deltaTime: deltaTime, drag: profile.drag,
                                            acceleration: Vec2(0, profile.gravity * unit))
                if let endSound = definition.endSound {
                    // A bubble's pop ring is its last stretch: the sound starts with it. Any
                    // other particle sounds in its last step alive.
                    let mark = definition.style == .bubble ? EmitterProfile.popDuration : deltaTime
                    emitter.pool.advance(by: deltaTime, motion: motion, markBeforeEnd: mark) { particle in
                        let view = ParticleAppearance.view(of: particle, kind: kind, style: definition.style, profile: profile,
                                                           unit: unit)
                        cues.append(EffectSoundCue(sound: endSound, position: view.position, time: context.time))
                    }
                } else {
                    emitter.pool.advance(by: deltaTime, motion: motion)
                }
            }
        }
        for cue in cues { world.send(cue) }
    }
}
