import ECS

/// Moves the gestures in progress along: drags carry feet, pinches change scale, long
/// presses open the menu; at the end the finger lets go and the character settles.
enum GestureMotionSystem {
    static let name = "gesture-motion"

    static func run(_ context: SystemContext) {
        let world = context.world, time = context.time
        let layout = world.sceneState.layout
        for entity in CharacterDirectory.depthOrder(in: world) {
            if let drag = world.get(DragMotion.self, of: entity) {
                let progress = Easing.smooth(fraction(time, drag.start, drag.duration))
                let finger = drag.from.lerp(to: drag.to, progress)
                let feet = layout.clampedToFloor(finger + drag.grabOffset)
                world.modify(Placement.self, of: entity) { $0.position = feet }
                if progress >= 1 {
                    world.remove(DragMotion.self, from: entity)
                    release(entity, gesture: .drag, time: time, in: world)
                }
            }
            if let pinch = world.get(PinchMotion.self, of: entity) {
                let progress = Easing.smooth(fraction(time, pinch.start, pinch.duration))
                let scale = pinch.fromScale + (pinch.toScale - pinch.fromScale) * progress
                world.modify(Placement.self, of: entity) { $0.scale = scale }
                if progress >= 1 {
                    world.remove(PinchMotion.self, from: entity)
                    release(entity, gesture: .pinch, time: time, in: world)
                }
            }
            if let hold = world.get(LongPressHold.self, of: entity), time >= hold.start + hold.duration - 1e-9 {
                world.remove(LongPressHold.self, from: entity)
                let id = CharacterDirectory.id(of: entity, in: world)
                world.trace.record(.menu(character: id, actions: ActionName.menu(moves: world.sceneState.moveNames)))
                world.trace.haptic(.medium, settings: world.settings, character: id)
                world.trace.sound(.selection, x: world.get(Placement.self, of: entity)?.position.x,
                                  settings: world.settings, character: id)
                world.remove(Held.self, from: entity)
            }
        }
    }

    private static func fraction(_ time: Double, _ start: Double, _ duration: Double) -> Float {
        duration <= 0 ? 1 : Float(min(max((time - start) / duration + 1e-9, 0), 1))
    }

    /// The finger lifts: the highlight goes, she settles with a little squash.
    private static func release(_ entity: Entity, gesture: GestureKind, time: Double, in world: World) {
        world.remove(Held.self, from: entity)
        world.add(SettleAnimation(start: time), to: entity)
        guard let placement = world.get(Placement.self, of: entity) else { return }
        let id = CharacterDirectory.id(of: entity, in: world)
        world.trace.record(.gestureEnd(gesture, character: id, position: placement.position, scale: placement.scale))
        world.trace.haptic(.medium, settings: world.settings, character: id)
    }
}
