import ECS

/// A tap: on a character it selects her; on empty floor it spawns the selected princess,
/// unless she would stand too close to another one or the scene is full.
enum TapSpawner {
    static func handle(at point: Vec2, newID: String?, source: String, time: Double, in world: World) {
        let state = world.sceneState
        let trace = world.trace
        if let hit = CharacterDirectory.frontmost(at: point, in: world, layout: state.layout) {
            let id = CharacterDirectory.id(of: hit, in: world)
            trace.record("gesture", character: id, GestureFields.make("tap", point, source))
            trace.haptic(.selection, settings: state.settings, character: id)
            trace.sound(.selection, x: point.x, settings: state.settings, character: id)
            return
        }
        trace.record("gesture", GestureFields.make("tap", point, source))
        let present = CharacterDirectory.present(in: world)
        if !state.layout.isOnFloor(point) {
            Refusal.record("tap", reason: "not_on_floor", x: point.x, in: world,
                           detail: [TraceField("horizon_y", .number(Double(state.layout.horizonY)))])
            return
        }
        if present.count >= state.limits.maxCharacters {
            Refusal.record("tap", reason: "max_characters", x: point.x, in: world,
                           detail: [TraceField("limit", .integer(state.limits.maxCharacters))])
            return
        }
        let nearest = present.compactMap { entity -> (String, Float)? in
            guard let placement = world.get(Placement.self, of: entity) else { return nil }
            return (CharacterDirectory.id(of: entity, in: world), placement.position.distance(to: point))
        }.min { $0.1 < $1.1 }
        if let nearest, nearest.1 < state.limits.minSpawnDistance {
            Refusal.record("tap", reason: "too_close", x: point.x, in: world, detail: [
                TraceField("nearest", .text(nearest.0)), TraceField("distance", .number(Double(nearest.1))),
                TraceField("min_distance", .number(Double(state.limits.minSpawnDistance))),
            ])
            return
        }
        if let newID, CharacterDirectory.isTaken(newID, in: world) {
            Refusal.record("tap", reason: "id_taken", x: point.x, in: world, detail: [TraceField("id", .text(newID))])
            return
        }
        let id = newID ?? CharacterSpawner.nextID(for: state.selectedKind, in: world)
        let entity = CharacterSpawner.spawn(id: id, kind: state.selectedKind, position: point, scale: 1,
                                            cause: "tap", time: time, animated: true, in: world)
        trace.haptic(.heavy, settings: state.settings, character: id)
        trace.sound(.spawn, x: point.x, settings: state.settings, character: id)
        EffectStarter.burst(at: entity, cause: "spawn", in: world)
    }
}

/// The fields every gesture line starts with.
enum GestureFields {
    static func make(_ gesture: String, _ point: Vec2, _ source: String) -> [TraceField] {
        [TraceField("gesture", .text(gesture)), TraceField("x", .number(Double(point.x))),
         TraceField("y", .number(Double(point.y))), TraceField("source", .text(source))]
    }
}

/// An input the scene turns down: traced with why, and a warning haptic and sound.
enum Refusal {
    static func record(_ input: String, reason: String, x: Float?, character: String? = nil,
                       in world: World, detail: [TraceField] = []) {
        let trace = world.trace
        trace.record("refused", character: character,
                     [TraceField("input", .text(input)), TraceField("reason", .text(reason))] + detail)
        trace.haptic(.warning, settings: world.settings, character: character)
        trace.sound(.warning, x: x, settings: world.settings, character: character)
    }
}
