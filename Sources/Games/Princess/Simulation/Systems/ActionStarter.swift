import Feedback
import ECS
import Effects
import Vocabulary

/// Starts an action on a character: the new action replaces the one running (which ends
/// unfinished), and its sound plays where she stands. A restart never makes her jump to
/// the new pose: her pose is carried from the one she was showing (see `CarriedPose`).
enum ActionStarter {
    /// Starts `kind` on `entity` at `time`, traced with `cause`; a move the scene did not
    /// load is never started (the scene reader refuses its name).
    static func start(_ kind: ActionName, on entity: Entity, cause: String, time: Double, in world: World) {
        guard let identity = world.get(CharacterIdentity.self, of: entity),
              let placement = world.get(Placement.self, of: entity) else { return }
        let duration: Double
        switch kind {
        case .builtIn(let builtIn): duration = ActionState.duration(of: builtIn)
        case .move(let name):
            guard let move = world.sceneState.moves[name] else { return }
            duration = move.duration
        }
        let trace = world.trace
        if let running = world.get(ActionState.self, of: entity) {
            trace.record(.actionEnd(running.kind, character: identity.id, completed: false))
            if !world.has(CarriedPose.self, entity) {
                // What she showed at the last step, before this one's inputs.
                let state = world.sceneState
                if let shown = PoseBuilder.motion(of: entity, in: world, time: time - state.stepDuration,
                                                  layout: state.layout, reduceMotion: state.settings.reduceMotion) {
                    world.add(CarriedPose(motion: shown), to: entity)
                }
            }
        }
        world.add(ActionState(kind: kind, start: time, duration: duration, cause: cause), to: entity)
        trace.record(.actionStart(kind, character: identity.id, cause: cause, duration: duration))
        // A move's sounds and haptics are its cues (ActionTimerSystem plays them).
        guard case .builtIn(let builtIn) = kind else { return }
        trace.sound(SoundEffect(builtIn), x: placement.position.x, settings: world.settings, character: identity.id)
        if builtIn == .sparkle {
            // The sparkle action is a glow plus a shower of her own colour's sparkles.
            EffectStarter.start(.sparkles, place: .character(identity.id), duration: duration,
                                cause: "sparkle", time: time, in: world, withSound: false)
        }
    }

    /// Ends an action early (the character vanishes), traced as unfinished.
    static func cancel(on entity: Entity, in world: World) {
        guard let running = world.get(ActionState.self, of: entity) else { return }
        world.trace.record(.actionEnd(running.kind, character: CharacterDirectory.id(of: entity, in: world), completed: false))
        world.remove(ActionState.self, from: entity)
    }

    /// The haptic for an action button: heavy for the big ones (dance, jump).
    static func haptic(for kind: ActionName) -> HapticKind {
        kind == .dance || kind == .jump ? .heavy : .medium
    }
}
