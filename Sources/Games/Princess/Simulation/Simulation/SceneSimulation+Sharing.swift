import ECS
import Effects

/// A character as a shared session sees her: who she is, where she stands, how big she is.
public struct SharedCharacter: Sendable, Equatable {
    /// Her id, unique across the peers.
    public var id: String
    /// Which character she is.
    public var kind: CharacterKind
    /// Her feet, in the scene's canvas pixels.
    public var position: Vec2
    /// Her scale, 0.5…2.0.
    public var scale: Float

    /// A character from her parts.
    public init(id: String, kind: CharacterKind, position: Vec2, scale: Float) {
        self.id = id
        self.kind = kind
        self.position = position
        self.scale = scale
    }
}

/// A change another peer made, applied to this world as it stands (not through the gesture
/// rules: the sender already applied them, and the session's conflict rules decided).
public enum SharedChange: Sendable, Equatable {
    /// She appears (with her appear animation), unless her id is already here.
    case spawn(SharedCharacter)
    /// She stands here at this scale now.
    case place(id: String, position: Vec2, scale: Float)
    /// She vanishes (with her vanish animation and burst).
    case remove(id: String)
    /// An action starts: a built-in one, or a move this scene loaded (one it did not changes nothing).
    case action(ActionName, target: ActionTarget)
    /// An effect starts.
    case effect(EffectKind, place: EffectPlace, duration: Double?)
}

extension SceneSimulation {
    /// The cause written in the trace for what a remote peer started.
    public static let sharedCause = "sync"

    /// Put before the ids of tapped-in characters, so that two peers never make the same id.
    public var idPrefix: String? {
        get { world.sceneState.idPrefix }
        set { world.modifyResource(SceneState.self) { $0.idPrefix = newValue } }
    }

    /// The characters present (not vanishing), in id order.
    public func sharedCharacters() -> [SharedCharacter] {
        var characters: [SharedCharacter] = []
        world.query(CharacterIdentity.self, Placement.self).forEach { entity, identity, placement in
            guard !world.has(Vanishing.self, entity) else { return }
            characters.append(SharedCharacter(id: identity.id, kind: identity.kind, position: placement.position, scale: placement.scale))
        }
        return characters.sorted { $0.id < $1.id }
    }

    /// The world dump of what a session shares: one line per present character, in id
    /// order, with her kind and her exact position and scale (bit patterns, so that "the
    /// same" means the same bits). Peers agree when their dumps are equal.
    public func sharedStateDump() -> String {
        sharedCharacters().map { character in
            "\(character.id) \(character.kind.rawValue) \(character.position.x) \(character.position.y) \(character.scale)"
                + " [\(String(character.position.x.bitPattern, radix: 16)) \(String(character.position.y.bitPattern, radix: 16)) \(String(character.scale.bitPattern, radix: 16))]"
        }.joined(separator: "\n")
    }

    /// Whether this scene can perform `action`: every built-in one, and the moves it loaded.
    public func knows(_ action: ActionName) -> Bool {
        guard case .move(let name) = action else { return true }
        return world.sceneState.moves[name] != nil
    }

    /// Applies `changes` in order; for each, whether it changed the world.
    @discardableResult
    public func applyShared(_ changes: [SharedChange]) -> [Bool] {
        var index: [String: Entity] = [:]
        world.query(CharacterIdentity.self).forEach { entity, identity in
            if !world.has(Vanishing.self, entity) { index[identity.id] = entity }
        }
        let time = self.time
        return changes.map { change in
            switch change {
            case .spawn(let character):
                guard !CharacterDirectory.isTaken(character.id, in: world) else { return false }
                let entity = CharacterSpawner.spawn(id: character.id, kind: character.kind, position: character.position,
                                                    scale: character.scale, cause: Self.sharedCause, time: time,
                                                    animated: true, in: world)
                index[character.id] = entity
                EffectStarter.burst(at: entity, cause: "spawn", in: world)
                return true
            case .place(let id, let position, let scale):
                guard let entity = index[id], let placement = world.get(Placement.self, of: entity) else { return false }
                if placement.position == position && placement.scale == scale { return false }
                world.add(Placement(position: position, scale: scale), to: entity)
                return true
            case .remove(let id):
                guard let entity = index.removeValue(forKey: id) else { return false }
                vanish(entity)
                return true
            case .action(let kind, let target):
                guard knows(kind) else { return false }
                switch target {
                case .all:
                    let present = CharacterDirectory.present(in: world)
                    for entity in present { ActionStarter.start(kind, on: entity, cause: Self.sharedCause, time: time, in: world) }
                    return !present.isEmpty
                case .character(let id):
                    guard let entity = index[id] else { return false }
                    ActionStarter.start(kind, on: entity, cause: Self.sharedCause, time: time, in: world)
                    return true
                }
            case .effect(let kind, let place, let duration):
                return EffectStarter.start(kind, place: place, duration: duration, cause: Self.sharedCause, time: time, in: world)
            }
        }
    }

    /// She leaves as after a two-finger tap (a finger on her lets go), without the gesture.
    private func vanish(_ entity: Entity) {
        CharacterGestures.startVanishing(entity, time: time, in: world)
        if let placement = world.get(Placement.self, of: entity) {
            world.trace.sound(.vanish, x: placement.position.x, settings: world.settings,
                              character: CharacterDirectory.id(of: entity, in: world))
        }
        EffectStarter.burst(at: entity, cause: "vanish", in: world)
    }

    /// Records a session event in this world's trace, stamped with the last step.
    public func recordSession(_ event: SessionEvent) {
        world.trace.record(.session(event))
    }
}
