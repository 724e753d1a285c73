import ECS

/// Ends actions whose time is up.
enum ActionTimerSystem {
    static let name = "action-timer"

    static func run(_ context: SystemContext) {
        let world = context.world
        for entity in CharacterDirectory.depthOrder(in: world) {
            guard let action = world.get(ActionState.self, of: entity),
                  context.time >= action.start + action.duration - 1e-9 else { continue }
            world.remove(ActionState.self, from: entity)
            world.trace.record(.actionEnd(action.kind, character: CharacterDirectory.id(of: entity, in: world), completed: true))
        }
    }
}
