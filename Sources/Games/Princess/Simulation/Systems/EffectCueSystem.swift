import Feedback
import ECS
import Effects

/// Turns the effects' own events (a bubble popping, the particle cap) into scene events.
enum EffectCueSystem {
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
