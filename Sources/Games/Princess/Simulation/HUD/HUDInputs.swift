import ECS
import Effects

/// What the app's screen does with each input: the scene's gestures leave finger marks and
/// press buttons; the UI inputs open screens, show captions and pick from the menu. Only
/// when the scene has a HUD (otherwise its trace stays as it was).
enum HUDInputs {
    /// Notes an input the scene is about to handle (before it is handled).
    static func observe(_ input: SceneInput, source: String, time: Double, in world: World) {
        guard world.resource(HUDState.self) != nil else { return }
        let layout = world.sceneState.layout
        func finger(_ point: GesturePoint) -> Vec2? {
            switch point {
            case .point(let p): return p
            case .character(let id):
                return CharacterDirectory.entity(named: id, in: world)
                    .flatMap { CharacterDirectory.center(of: $0, in: world, layout: layout) }
            }
        }
        let spread = layout.height * 0.07
        var mark: TouchMark?
        switch input {
        case .select(let kind):
            world.modifyResource(HUDState.self) { state in
                guard state.selected != kind else { return }
                state.previousSelected = state.selected
                state.selected = kind
                state.selectedAt = time
            }
        case .tap(let at, _):
            mark = TouchMark(gesture: .tap, start: time, duration: 0.15, from: at, to: at)
            // A tap elsewhere dismisses the long-press menu, as in the app.
            world.modifyResource(HUDState.self) { state in
                if state.menu != nil, state.menu?.closed == nil { state.menu?.closed = time }
            }
        case .drag(let from, let to, let duration):
            guard let start = finger(from) else { break }
            var end = to
            if case .character(let id) = from, let entity = CharacterDirectory.entity(named: id, in: world),
               let feet = world.get(Placement.self, of: entity)?.position {
                end = to + (start - feet)
            }
            mark = TouchMark(gesture: .drag, start: time, duration: duration, from: start, to: end)
        case .pinch(let on, let change, let duration):
            guard let at = finger(on) else { break }
            var ratio: Float
            switch change {
            case .factor(let factor): ratio = factor
            case .scale(let scale):
                let current = CharacterDirectory.entity(named: pinchTarget(on, at: at, in: world) ?? "", in: world)
                    .flatMap { world.get(Placement.self, of: $0)?.scale } ?? 1
                ratio = scale / max(current, 0.01)
            }
            ratio = min(max(ratio, 0.4), 2.5)
            mark = TouchMark(gesture: .pinch, start: time, duration: duration, from: at, to: at,
                             spreadFrom: spread, spreadTo: spread * ratio)
        case .longPress(let on, let duration):
            guard let at = finger(on) else { break }
            mark = TouchMark(gesture: .longPress, start: time, duration: duration, from: at, to: at)
        case .doubleTap(let on):
            guard let at = finger(on) else { break }
            mark = TouchMark(gesture: .doubleTap, start: time, duration: 0.3, from: at, to: at)
        case .twoFingerTap(let on):
            guard let at = finger(on) else { break }
            mark = TouchMark(gesture: .twoFingerTap, start: time, duration: 0.2, from: at, to: at,
                             spreadFrom: spread, spreadTo: spread)
        case .action(.builtIn(let kind), let target):
            let enabled: Bool
            switch target {
            case .all: enabled = !CharacterDirectory.present(in: world).isEmpty
            case .character(let id): enabled = CharacterDirectory.entity(named: id, in: world) != nil
            }
            press(HUDButton(action: kind), enabled: enabled, source: source, time: time, in: world)
        case .effect(let kind, _, _, _, _):
            if let button = HUDButton(effect: kind) {
                press(button, enabled: true, source: source, time: time, in: world)
            }
        default:
            break
        }
        if let mark {
            world.modifyResource(HUDState.self) { $0.touches.append(mark) }
        }
    }

    /// The id a pinch aimed at a point lands on, if any.
    private static func pinchTarget(_ on: GesturePoint, at: Vec2, in world: World) -> String? {
        if case .character(let id) = on { return id }
        return CharacterDirectory.frontmost(at: at, in: world, layout: world.sceneState.layout)
            .map { CharacterDirectory.id(of: $0, in: world) }
    }

    private static func press(_ button: HUDButton, enabled: Bool, source: String, time: Double, in world: World) {
        world.modifyResource(HUDState.self) { $0.pressed[HUDState.slot(button)] = time }
        world.trace.record(.ui(.button(button, enabled: enabled, source: source)))
    }

    /// Handles a UI input from the timeline.
    static func handle(_ input: UIInput, source: String, time: Double, in world: World) {
        guard world.resource(HUDState.self) != nil else { return }
        switch input {
        case .open(let screen, let page):
            let closed = world.modifyResource(HUDState.self) { state -> ScreenState? in
                if var open = state.screen, open.screen == screen {
                    guard open.page != page else { return nil }
                    open.previousPage = open.page
                    open.page = page
                    open.turned = time
                    state.screen = open
                    return nil
                }
                var previous = state.screen
                previous?.closed = time
                state.closingScreen = previous ?? state.closingScreen
                state.screen = ScreenState(screen: screen, page: page, opened: time)
                return previous
            } ?? nil
            if let closed { world.trace.record(.ui(.close(closed.screen, source: source))) }
            world.trace.record(.ui(.open(screen, page: page, source: source)))
            world.trace.haptic(.light, settings: world.settings)
        case .close:
            let closed = world.modifyResource(HUDState.self) { state -> ScreenState? in
                guard var open = state.screen else { return nil }
                open.closed = time
                state.closingScreen = open
                state.screen = nil
                return open
            } ?? nil
            guard let closed else {
                Refusal.record(.ui(input.name), .nothingOpen, x: nil, in: world)
                return
            }
            world.trace.record(.ui(.close(closed.screen, source: source)))
            world.trace.haptic(.light, settings: world.settings)
        case .caption(let caption):
            world.modifyResource(HUDState.self) { $0.captions.append((caption, time)) }
            world.trace.record(.ui(.caption(text: caption.text, duration: caption.duration, source: source)))
        case .hud(let change):
            world.modifyResource(HUDState.self) { $0.configuration = $0.configuration.applying(change) }
            world.trace.record(.ui(.hud(change, source: source)))
        case .dontShowAgain(let checked):
            guard let open = world.resource(HUDState.self)?.screen, open.screen == .onboarding,
                  open.page == UIScreen.onboarding.pageCount else {
                Refusal.record(.ui(input.name), .nothingOpen, x: nil, in: world)
                return
            }
            world.modifyResource(HUDState.self) { $0.dontShowOnboarding = checked }
            world.trace.record(.ui(.dontShowAgain(checked: checked, source: source)))
            world.trace.haptic(.selection, settings: world.settings)
        case .menuPick(let action):
            let menu = world.resource(HUDState.self)?.menu
            guard let menu, menu.closed == nil,
                  let entity = CharacterDirectory.entity(named: menu.character, in: world) else {
                Refusal.record(.ui(input.name), .nothingOpen, x: nil, character: menu?.character, in: world)
                return
            }
            world.modifyResource(HUDState.self) { state in
                state.menu?.picked = action
                state.menu?.closed = time
            }
            world.trace.record(.ui(.menuPick(action, character: menu.character, source: source)))
            world.trace.haptic(ActionStarter.haptic(for: action), settings: world.settings, character: menu.character)
            ActionStarter.start(action, on: entity, cause: "menu", time: time, in: world)
        }
    }
}
