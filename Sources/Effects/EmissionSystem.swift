import ECS

/// The system that lets every emitter, oldest first, emit this step's particles (its
/// opening burst, then its continuous rate), enforces the scene-wide cap in that same
/// order, stops emitters whose time or anchor is gone, and removes finished ones.
enum EmissionSystem {
    /// The name the system has in a schedule.
    static let name = "effects.emitters"

    /// Runs one step; `anchorPosition` says where a followed entity is now.
    static func run(_ context: SystemContext, anchorPosition: (World, Entity) -> Vec2?) {
        let world = context.world
        guard let configuration = world.resource(EffectsConfiguration.self),
              let roster = world.resource(EmitterRoster.self) else { return }
        var live = 0
        for entity in roster.emitters {
            live += world.get(ParticleEmitter.self, of: entity)?.pool.count ?? 0
        }
        var droppedThisStep = 0
        var ended: [EffectEnded] = []
        var kept: [Entity] = []
        kept.reserveCapacity(roster.emitters.count)

        for entity in roster.emitters {
            guard let request = world.get(ParticleEmitter.self, of: entity)?.request else {
                // Alive without its component yet (added during an iteration): wait for it.
                if world.isAlive(entity) { kept.append(entity) }
                continue
            }
            var origin: Vec2?
            var anchorPresent = true
            switch request.anchor {
            case .point(let point): origin = point
            case .canvas: origin = nil
            case .following(let target, let offset):
                if let at = anchorPosition(world, target) { origin = at + offset } else { anchorPresent = false }
            }
            let finished = world.modify(ParticleEmitter.self, of: entity) { emitter -> Bool in
                // An effect with an end keeps it: at its end every particle goes, however young.
                if let end = request.end, Double(emitter.stepsRun) * context.deltaTime + 1e-9 >= end.visible {
                    emitter.pool.removeAll()
                    emitter.isEmitting = false
                    ended.append(EffectEnded(kind: request.kind, anchor: request.anchor, time: context.time))
                    return true
                }
                if !anchorPresent { emitter.isEmitting = false }
                // A kind nobody registered emits nothing (the scene's reader refuses its name).
                guard let definition = configuration.definitions[request.kind] else {
                    emitter.isEmitting = false
                    return emitter.isFinished
                }
                guard emitter.isEmitting else { return emitter.isFinished }
                var profile = EmitterProfile.current(
                    for: definition, anchor: request.anchor, configuration: configuration)
                if request.speed != 1 {
                    let speed = max(request.speed, 0)
                    profile.speed = profile.speed.lowerBound * speed...profile.speed.upperBound * speed
                }
                let wanted = owed(by: &emitter, profile: profile, deltaTime: context.deltaTime)
                let allowed = max(0, min(wanted, configuration.particleCap - live))
                let spawner = ParticleSpawner(style: definition.style, profile: profile,
                                              configuration: configuration, tint: request.tint,
                                              origin: origin)
                for index in 0..<allowed {
                    emitter.pool.append(spawner.make(index: index, of: allowed, random: &emitter.random))
                }
                live += allowed
                emitter.emitted += allowed
                emitter.dropped += wanted - allowed
                droppedThisStep += wanted - allowed
                return emitter.isFinished
            } ?? true
            if finished { world.destroy(entity) } else { kept.append(entity) }
        }

        let original = roster.emitters.count
        world.modifyResource(EmitterRoster.self) { roster in
            // Emitters started while this system ran come after the ones it stepped.
            roster.emitters = kept + roster.emitters[original...]
        }
        for event in ended { world.send(event) }
        if droppedThisStep > 0 {
            world.send(ParticleCapReached(time: context.time, dropped: droppedThisStep))
        }
    }

    /// How many particles `emitter` owes this step: its burst on its first step, plus the
    /// whole particles its rate has accumulated while its lifetime lasts. Advances its clock.
    static func owed(by emitter: inout ParticleEmitter, profile: EmitterProfile, deltaTime: Double) -> Int {
        let request = emitter.request
        let intensity = Double(max(request.intensity, 0))
        var wanted = 0
        if emitter.stepsRun == 0 {
            wanted += Int((Double(profile.burstCount) * intensity).rounded())
        }
        // An end caps the emitting, and with no duration it is the emitting time.
        var lifetime = max(request.duration ?? request.end?.visible ?? profile.emitterLifetime, 0)
        if let end = request.end { lifetime = min(lifetime, end.visible) }
        let emittingSteps = Int((lifetime / deltaTime).rounded())
        if emitter.stepsRun < emittingSteps {
            emitter.emissionDebt += profile.ratePerSecond * intensity * deltaTime
            // A hair of tolerance, so that 40/s over 60 steps of 1/60 s makes 40, not 39.
            let whole = Int(emitter.emissionDebt + 1e-9)
            emitter.emissionDebt -= Double(whole)
            wanted += whole
        }
        emitter.stepsRun += 1
        emitter.elapsed = Double(emitter.stepsRun) * deltaTime
        if emitter.stepsRun >= emittingSteps { emitter.isEmitting = false }
        return wanted
    }
}
