import ECS

/// Every live particle of `world` as a renderer sees it, in a deterministic order: emitters
/// in creation order, each emitter's particles in birth order.
public func particleViews(in world: World) -> [ParticleView] {
    guard let configuration = world.resource(EffectsConfiguration.self),
          let roster = world.resource(EmitterRoster.self) else { return [] }
    let emitters = roster.emitters.compactMap { world.get(ParticleEmitter.self, of: $0) }
    var views: [ParticleView] = []
    views.reserveCapacity(emitters.reduce(0) { $0 + $1.pool.count })
    let unit = configuration.unit
    for emitter in emitters {
        guard let definition = configuration.definitions[emitter.kind] else { continue }
        let profile = EmitterProfile.current(for: definition, anchor: emitter.request.anchor,
                                             configuration: configuration)
        let opacity = emitter.endOpacity
        for particle in emitter.pool.particles {
            var view = ParticleAppearance.view(of: particle, kind: emitter.kind, style: definition.style, profile: profile,
                                               unit: unit)
            // Only an effect in the fade before its end is touched, so other frames stay bit-identical.
            if opacity < 1 { view.color = view.color.withAlpha(view.color.alpha * opacity) }
            views.append(view)
        }
    }
    return views
}

/// How many particles are alive in `world`, across every emitter.
public func liveParticleCount(in world: World) -> Int {
    guard let roster = world.resource(EmitterRoster.self) else { return 0 }
    return roster.emitters.reduce(0) { $0 + (world.get(ParticleEmitter.self, of: $1)?.pool.count ?? 0) }
}
