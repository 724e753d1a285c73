import ECS

/// A tap: on a character it selects her; on empty floor it spawns the selected character,
/// unless she would stand too close to another one or the scene is full.
enum TapSpawner {
    static func handle(at point: Vec2, newID: String?, source: String, time: Double, in world: World) {
        let state = world.sceneState
        let trace = world.trace
        if let hit = CharacterDirectory.frontmost(at: point, in: world, layout: state.layout) {
            let id = CharacterDirectory.id(of: hit, in: world)
            trace.record(.gesture(.tap, character: id, at: point, source: source))
            trace.haptic(.selection, settings: state.settings, character: id)
            trace.sound(.selection, x: point.x, settings: state.settings, character: id)
            return
        }
        trace.record(.gesture(.tap, character: nil, at: point, source: source))
        let present = CharacterDirectory.present(in: world)
        if !state.layout.isOnFloor(point) {
            Refusal.record(.gesture(.tap), .notOnFloor(horizonY: state.layout.horizonY), x: point.x, in: world)
            return
        }
        if present.count >= state.limits.maxCharacters {
            Refusal.record(.gesture(.tap), .maxCharacters(limit: state.limits.maxCharacters), x: point.x, in: world)
            return
        }
        let nearest = present.compactMap { entity -> (String, Float)? in
            guard let placement = world.get(Placement.self, of: entity) else { return nil }
            return (CharacterDirectory.id(of: entity, in: world), placement.position.distance(to: point))
        }.min { $0.1 < $1.1 }
        if let nearest, nearest.1 < state.limits.minSpawnDistance {
            Refusal.record(.gesture(.tap), .tooClose(nearest: nearest.0, distance: nearest.1,
                                                     minDistance: state.limits.minSpawnDistance),
                           x: point.x, in: world)
            return
        }
        if let newID, CharacterDirectory.isTaken(newID, in: world) {
            Refusal.record(.gesture(.tap), .idTaken(newID), x: point.x, in: world)
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
