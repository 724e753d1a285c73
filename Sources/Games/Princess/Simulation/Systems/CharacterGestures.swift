import ECS

/// The gestures aimed at a character: drag, pinch, long press, double tap, two-finger tap.
/// Each finds the character under the finger (the front-most), traces the gesture, and
/// changes her through her components, never around them.
enum CharacterGestures {
    /// The character a gesture lands on and the point it lands at; a refusal when none.
    static func resolve(_ target: GesturePoint, gesture: GestureKind, source: String, in world: World) -> (Entity, Vec2)? {
        let layout = world.sceneState.layout
        switch target {
        case .point(let point):
            guard let entity = CharacterDirectory.frontmost(at: point, in: world, layout: layout) else {
                world.trace.record(.gesture(gesture, character: nil, at: point, source: source))
                Refusal.record(.gesture(gesture), .noCharacter, x: point.x, in: world)
                return nil
            }
            world.trace.record(.gesture(gesture, character: CharacterDirectory.id(of: entity, in: world),
                                        at: point, source: source))
            return (entity, point)
        case .character(let id):
            guard let entity = CharacterDirectory.entity(named: id, in: world),
                  let point = CharacterDirectory.center(of: entity, in: world, layout: layout) else {
                Refusal.record(.gesture(gesture), .noCharacter, x: nil, character: id, in: world)
                return nil
            }
            world.trace.record(.gesture(gesture, character: id, at: point, source: source))
            return (entity, point)
        }
    }

    /// Refuses a second hold on a character a finger already holds.
    private static func isFree(_ entity: Entity, gesture: GestureKind, in world: World) -> Bool {
        guard let held = world.get(Held.self, of: entity) else { return true }
        Refusal.record(.gesture(gesture), .busy(heldBy: held.gesture), x: world.get(Placement.self, of: entity)?.position.x,
                       character: CharacterDirectory.id(of: entity, in: world), in: world)
        return false
    }

    static func drag(from: GesturePoint, to: Vec2, duration: Double, source: String, time: Double, in world: World) {
        guard let (entity, finger) = resolve(from, gesture: .drag, source: source, in: world),
              isFree(entity, gesture: .drag, in: world),
              let placement = world.get(Placement.self, of: entity) else { return }
        world.add(Held(gesture: GestureKind.drag.rawValue, since: time), to: entity)
        // Aimed at a character by id, `to` is where her feet go; from a point, it is where
        // the finger lifts (and her feet keep their offset from the finger).
        var fingerTo = to
        if case .character = from { fingerTo = to + (finger - placement.position) }
        world.add(DragMotion(from: finger, to: fingerTo, start: time, duration: duration,
                             grabOffset: placement.position - finger), to: entity)
        world.remove(SettleAnimation.self, from: entity)
        world.trace.haptic(.light, settings: world.settings, character: CharacterDirectory.id(of: entity, in: world))
    }

    static func pinch(on target: GesturePoint, change: PinchChange, duration: Double, source: String,
                      time: Double, in world: World) {
        guard let (entity, _) = resolve(target, gesture: .pinch, source: source, in: world),
              isFree(entity, gesture: .pinch, in: world),
              let placement = world.get(Placement.self, of: entity) else { return }
        let requested: Float
        switch change {
        case .scale(let scale): requested = scale
        case .factor(let factor): requested = placement.scale * factor
        }
        let range = Placement.scaleRange
        let clamped = min(max(requested, range.lowerBound), range.upperBound)
        let id = CharacterDirectory.id(of: entity, in: world)
        world.add(Held(gesture: GestureKind.pinch.rawValue, since: time), to: entity)
        world.add(PinchMotion(fromScale: placement.scale, toScale: clamped, start: time, duration: duration), to: entity)
        world.trace.record(.pinch(character: id, from: placement.scale, to: clamped, requested: requested))
        world.trace.haptic(.light, settings: world.settings, character: id)
    }

    static func longPress(on target: GesturePoint, duration: Double, source: String, time: Double, in world: World) {
        guard let (entity, _) = resolve(target, gesture: .longPress, source: source, in: world),
              isFree(entity, gesture: .longPress, in: world) else { return }
        world.add(Held(gesture: GestureKind.longPress.rawValue, since: time), to: entity)
        world.add(LongPressHold(start: time, duration: duration), to: entity)
    }

    static func doubleTap(on target: GesturePoint, source: String, time: Double, in world: World) {
        guard let (entity, _) = resolve(target, gesture: .doubleTap, source: source, in: world) else { return }
        let actions = ActionKind.allCases
        let pick = world.modifyResource(SceneState.self) { $0.doubleTapRandom.nextInt(below: actions.count) } ?? 0
        world.trace.haptic(.medium, settings: world.settings, character: CharacterDirectory.id(of: entity, in: world))
        ActionStarter.start(.builtIn(actions[pick]), on: entity, cause: "double_tap", time: time, in: world)
    }

    static func twoFingerTap(on target: GesturePoint, source: String, time: Double, in world: World) {
        guard let (entity, _) = resolve(target, gesture: .twoFingerTap, source: source, in: world),
              let placement = world.get(Placement.self, of: entity) else { return }
        let id = CharacterDirectory.id(of: entity, in: world)
        startVanishing(entity, time: time, in: world)
        world.trace.record(.remove(character: id, by: .twoFingerTap))
        world.trace.haptic(.medium, settings: world.settings, character: id)
        world.trace.sound(.vanish, x: placement.position.x, settings: world.settings, character: id)
        EffectStarter.burst(at: entity, cause: "vanish", in: world)
    }

    /// She starts vanishing: her action ends unfinished and a finger on her lets go.
    static func startVanishing(_ entity: Entity, time: Double, in world: World) {
        ActionStarter.cancel(on: entity, in: world)
        world.remove(DragMotion.self, from: entity)
        world.remove(PinchMotion.self, from: entity)
        world.remove(LongPressHold.self, from: entity)
        world.remove(Held.self, from: entity)
        world.add(Vanishing(start: time), to: entity)
    }
}
