import ECS
import Effects

/// At the end of each step, reads what the scene did in it and lets the app's screen
/// answer: the preview circle where a tap spawned, the ripple of a refused spawn, the
/// long-press menu, the bounce of a button whose action or effect started.
enum HUDEventSystem {
    static let name = "hud"

    static func run(_ context: SystemContext) {
        let world = context.world
        guard world.resource(HUDState.self) != nil else { return }
        let recorder = world.trace
        let time = recorder.time
        // This step's events are the last ones recorded, all stamped with its time.
        var first = recorder.pending.count
        while first > 0, recorder.pending[first - 1].t == time { first -= 1 }
        var lastTap: Vec2?
        world.modifyResource(HUDState.self) { state in
            for index in first..<recorder.pending.count {
                guard let event = recorder.pending[index].kind else { continue }
                switch event {
                case .gesture(.tap, nil, let at, _):
                    lastTap = at
                case .spawn(let kind, _, let position, _, "tap"):
                    state.spawnMarks.append(SpawnMark(at: position, start: time, kind: kind))
                case .refused(.gesture(.tap), _, _):
                    if let at = lastTap { state.spawnMarks.append(SpawnMark(at: at, start: time, kind: nil)) }
                case .menu(let character, let actions):
                    if let entity = CharacterDirectory.entity(named: character, in: world),
                       let identity = world.get(CharacterIdentity.self, of: entity) {
                        state.menu = MenuState(character: character, kind: identity.kind, actions: actions, opened: time)
                    }
                case .remove(let character, _):
                    if state.menu?.character == character, state.menu?.closed == nil { state.menu?.closed = time }
                case .actionStart(.builtIn(let action), _, _, _):
                    state.started[HUDState.slot(HUDButton(action: action))] = time
                case .effectStart(let effect, _, _, let duration, _):
                    guard let button = HUDButton(effect: effect) else { break }
                    state.started[HUDState.slot(button)] = time
                    state.activeUntil[HUDState.slot(button)] = max(state.activeUntil[HUDState.slot(button)], time + duration)
                default:
                    break
                }
            }
            state.prune(at: time)
        }
    }
}
