import ECS

/// Makes character entities, for the scene's starting cast and for tap-spawns.
enum CharacterSpawner {
    /// Creates a character with all her components and traces the spawn.
    @discardableResult
    static func spawn(id: String, kind: CharacterKind, position: Vec2, scale: Float, cause: String,
                      time: Double, animated: Bool, in world: World) -> Entity {
        let serial = world.modifyResource(SceneState.self) { state -> Int in
            defer { state.nextSerial += 1 }
            return state.nextSerial
        } ?? 0
        let seed = world.sceneState.seed
        let streams = SeededRandom(seed: seed).stream("character").stream(id)
        var phaseStream = streams.stream("breathing")
        let entity = world.create()
        world.add(CharacterIdentity(id: id, kind: kind, serial: serial,
                                    breathingPhase: phaseStream.next(in: 0...(2 * Float.pi))), to: entity)
        world.add(Placement(position: position, scale: scale), to: entity)
        world.add(BlinkSchedule(random: streams.stream("blink"), after: time), to: entity)
        if animated { world.add(AppearAnimation(start: time), to: entity) }
        world.trace.record(.spawn(kind, character: id, position: position, scale: scale, cause: cause))
        return entity
    }

    /// The next free id for a tapped-in character of `kind`: "luna-1", "luna-2", …
    static func nextID(for kind: CharacterKind, in world: World) -> String {
        let slot = CharacterKind.allCases.firstIndex(of: kind)!
        while true {
            let number = world.modifyResource(SceneState.self) { state -> Int in
                state.spawnCounts[slot] += 1
                return state.spawnCounts[slot]
            } ?? 1
            let id = (world.sceneState.idPrefix ?? "") + "\(kind.rawValue)-\(number)"
            if !CharacterDirectory.isTaken(id, in: world) { return id }
        }
    }
}
