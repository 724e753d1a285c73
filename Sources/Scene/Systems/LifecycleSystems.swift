import ECS
import Effects

/// Ends actions whose time is up.
enum ActionTimer {
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

/// Finishes appear, settle and vanish animations; a vanished character is destroyed.
enum PresenceSystem {
    static let name = "presence"

    static func run(_ context: SystemContext) {
        let world = context.world, time = context.time
        for entity in CharacterDirectory.depthOrder(in: world) {
            if let appear = world.get(AppearAnimation.self, of: entity), time >= appear.start + AppearAnimation.duration {
                world.remove(AppearAnimation.self, from: entity)
            }
            if let settle = world.get(SettleAnimation.self, of: entity), time >= settle.start + SettleAnimation.duration {
                world.remove(SettleAnimation.self, from: entity)
            }
            if let vanish = world.get(Vanishing.self, of: entity), time >= vanish.start + Vanishing.duration - 1e-9 {
                world.destroy(entity)
            }
        }
    }
}

/// Moves each character's next blink along.
enum BlinkSystem {
    static let name = "blink"

    static func run(_ context: SystemContext) {
        context.world.query(BlinkSchedule.self).forEach { _, schedule in schedule.advance(past: context.time) }
    }
}

/// Turns the effects' own events (a bubble popping, the particle cap) into trace lines.
enum EffectCueTracer {
    static let name = "effect-cues"

    static func run(_ context: SystemContext) {
        let world = context.world
        for cue in world.pendingEvents(EffectSoundCue.self) {
            world.trace.sound(cue.sound, x: cue.position.x, settings: world.settings)
        }
        for cap in world.pendingEvents(ParticleCapReached.self) {
            world.trace.record(.particleCap(dropped: cap.dropped))
        }
    }
}
