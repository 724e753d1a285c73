import ECS

/// Turns face-expression strength into magic: an expression fires once it has stayed at or
/// over the sensitivity threshold for `ExpressionState.debounce`, and not again until it
/// falls back under. Smile → sparkles, raised eyebrows → wave, open mouth → jump. An
/// expression that would fire within the expression cooldown of its own last firing is
/// refused instead (and, held, does not fire later).
enum ExpressionSystem {
    static let name = "expressions"

    static func run(_ context: SystemContext) {
        let world = context.world, time = context.time
        let settings = world.settings
        // In expression order: (kind, strength, latency, seconds since its last firing if refused).
        var outcomes: [(ExpressionKind, Float, Double, refusedSince: Double?)] = []
        world.modifyResource(ExpressionState.self) { state in
            // Curves that are over no longer matter.
            state.curves.removeAll { $0.start + $0.duration < time }
            for (slot, kind) in ExpressionKind.allCases.enumerated() {
                let scripted = state.curves.filter { $0.kind == kind }.map { $0.strength(at: time) }.max() ?? 0
                let strength = settings.faceTracking ? max(scripted, state.live[slot]) : 0
                state.strength[slot] = strength
                if strength >= settings.sensitivity.threshold {
                    let since = state.tracks[slot].aboveSince ?? time
                    state.tracks[slot].aboveSince = since
                    if !state.tracks[slot].fired, time - since >= ExpressionState.debounce - 1e-9 {
                        state.tracks[slot].fired = true
                        if let last = state.lastFired[slot], time - last < settings.expressionCooldown - 1e-9 {
                            outcomes.append((kind, strength, time - since, time - last))
                        } else {
                            state.lastFired[slot] = time
                            outcomes.append((kind, strength, time - since, nil))
                        }
                    }
                } else {
                    state.tracks[slot] = ExpressionState.Track()
                }
            }
        }
        for (kind, strength, latency, refusedSince) in outcomes {
            if let since = refusedSince {
                Refusal.record(.expression(kind), .cooldown(seconds: settings.expressionCooldown, since: since),
                               x: nil, in: world)
            } else {
                fire(kind, strength: strength, latency: latency, time: time, in: world)
            }
        }
    }

    private static func fire(_ kind: ExpressionKind, strength: Float, latency: Double, time: Double, in world: World) {
        let settings = world.settings
        world.trace.record(.expression(kind, strength: strength, threshold: settings.sensitivity.threshold, latency: latency))
        world.trace.haptic(.success, settings: settings)
        world.trace.sound(.success, x: nil, settings: settings)
        let present = CharacterDirectory.present(in: world)
        switch kind {
        case .smile:
            if present.isEmpty {
                let layout = world.sceneState.layout
                EffectStarter.start(.sparkles, place: .point(Vec2(layout.width / 2, layout.horizonY)), duration: nil,
                                    cause: "expression", time: time, in: world)
            }
            for entity in present {
                EffectStarter.start(.sparkles, place: .character(CharacterDirectory.id(of: entity, in: world)),
                                    duration: nil, cause: "expression", time: time, in: world)
            }
        case .eyebrowsRaised:
            for entity in present { ActionStarter.start(.wave, on: entity, cause: "expression", time: time, in: world) }
        case .mouthOpen:
            for entity in present { ActionStarter.start(.jump, on: entity, cause: "expression", time: time, in: world) }
        }
    }
}
