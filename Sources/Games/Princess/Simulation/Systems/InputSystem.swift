import ECS
import Effects

/// Handles the inputs waiting for this step, in arrival order: each goes to the part of
/// the scene that owns it.
enum InputSystem {
    static let name = "inputs"

    static func run(_ context: SystemContext) {
        let world = context.world
        guard let queued = world.modifyResource(PendingInputs.self, { pending -> [QueuedInput] in
            defer { pending.items.removeAll() }
            return pending.items
        }), !queued.isEmpty else { return }
        for item in queued { handle(item.input, source: item.source, time: context.time, in: world) }
    }

    static func handle(_ input: SceneInput, source: String, time: Double, in world: World) {
        HUDInputs.observe(input, source: source, time: time, in: world)
        switch input {
        case .select(let kind):
            world.modifyResource(SceneState.self) { $0.selectedKind = kind }
            world.trace.record(.select(kind, source: source))
            world.trace.haptic(.selection, settings: world.settings)
            world.trace.sound(.selection, x: nil, settings: world.settings)
        case .tap(let point, let newID):
            TapSpawner.handle(at: point, newID: newID, source: source, time: time, in: world)
        case .drag(let from, let to, let duration):
            CharacterGestures.drag(from: from, to: to, duration: duration, source: source, time: time, in: world)
        case .pinch(let on, let change, let duration):
            CharacterGestures.pinch(on: on, change: change, duration: duration, source: source, time: time, in: world)
        case .longPress(let on, let duration):
            CharacterGestures.longPress(on: on, duration: duration, source: source, time: time, in: world)
        case .doubleTap(let on):
            CharacterGestures.doubleTap(on: on, source: source, time: time, in: world)
        case .twoFingerTap(let on):
            CharacterGestures.twoFingerTap(on: on, source: source, time: time, in: world)
        case .action(let kind, let target):
            startAction(kind, target: target, source: source, time: time, in: world)
        case .effect(let kind, let place, let duration, let end, let amount):
            if !EffectStarter.start(kind, place: place, duration: duration, end: end, amount: amount, cause: source, time: time, in: world) {
                if case .character(let id) = place {
                    Refusal.record(.effect, .noCharacter, x: nil, character: id, in: world)
                }
                return
            }
            world.trace.haptic(.medium, settings: world.settings)
        case .expression(let kind, let strength):
            let slot = ExpressionKind.allCases.firstIndex(of: kind)!
            world.modifyResource(ExpressionState.self) { $0.live[slot] = min(max(strength, 0), 1) }
        case .expressionCurve(let curve):
            world.modifyResource(ExpressionState.self) { $0.curves.append(curve) }
        case .clap:
            ClapResponder.respond(source: source, time: time, in: world)
        case .settings(let change):
            SettingsChanger.apply(change, source: source, in: world)
        case .ui(let ui):
            HUDInputs.handle(ui, source: source, time: time, in: world)
        }
    }

    private static func startAction(_ kind: ActionName, target: ActionTarget, source: String, time: Double, in world: World) {
        let entities: [Entity]
        switch target {
        case .all:
            entities = CharacterDirectory.present(in: world)
            if entities.isEmpty {
                Refusal.record(.action(kind), .noCharacter, x: nil, in: world)
                return
            }
        case .character(let id):
            guard let entity = CharacterDirectory.entity(named: id, in: world) else {
                Refusal.record(.action(kind), .noCharacter, x: nil, character: id, in: world)
                return
            }
            entities = [entity]
        }
        world.trace.haptic(ActionStarter.haptic(for: kind), settings: world.settings)
        for entity in entities { ActionStarter.start(kind, on: entity, cause: source, time: time, in: world) }
    }
}
