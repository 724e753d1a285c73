import ECS

/// Plays the cues of the moves running and ends actions whose time is up; a looping move
/// ends its round and starts the next (cause `loop`), until another action replaces it.
enum ActionTimerSystem {
    static let name = "action-timer"

    static func run(_ context: SystemContext) {
        let world = context.world
        for entity in CharacterDirectory.depthOrder(in: world) {
            guard let action = world.get(ActionState.self, of: entity) else { continue }
            if case .move(let name) = action.kind, let move = world.sceneState.moves[name] {
                playCues(of: move, on: entity, elapsed: context.time - action.start, in: world)
            }
            guard context.time >= action.start + action.duration - 1e-9 else { continue }
            let id = CharacterDirectory.id(of: entity, in: world)
            world.trace.record(.actionEnd(action.kind, character: id, completed: true))
            if case .move(let name) = action.kind, let move = world.sceneState.moves[name], move.loops {
                let round = ActionState(kind: action.kind, start: action.start + action.duration, duration: action.duration, cause: "loop")
                world.add(round, to: entity)
                world.trace.record(.actionStart(action.kind, character: id, cause: round.cause, duration: round.duration))
            } else {
                world.remove(ActionState.self, from: entity)
            }
        }
    }

    /// The cues due in this step: after the last step's moment, up to this one's.
    private static func playCues(of move: Move, on entity: Entity, elapsed: Double, in world: World) {
        let step = world.sceneState.stepDuration
        // Each step plays the cues within half a step of its moment, so a cue plays once.
        let due = move.cues(after: elapsed - step / 2, through: elapsed + step / 2)
        guard !due.isEmpty else { return }
        let id = CharacterDirectory.id(of: entity, in: world)
        let x = world.get(Placement.self, of: entity)?.position.x
        for cue in due {
            if let sound = cue.sound { world.trace.sound(sound, x: x, settings: world.settings, character: id) }
            if let haptic = cue.haptic { world.trace.haptic(haptic, settings: world.settings, character: id) }
        }
    }
}
