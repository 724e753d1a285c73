import Feedback
import ECS
import Effects

/// Turns the effects' own events (a bubble popping, an effect's end, the particle cap) into scene events.
enum EffectCueSystem {
    static let name = "effect-cues"

    static func run(_ context: SystemContext) {
        let world = context.world
        for cue in world.pendingEvents(EffectSoundCue.self) {
            world.trace.sound(cue.sound, x: cue.position.x, settings: world.settings)
        }
        for ended in world.pendingEvents(EffectEnded.self) {
            var character: String?, position: Vec2?
            switch ended.anchor {
            case .following(let entity, _): character = world.get(CharacterIdentity.self, of: entity)?.id
            case .point(let point): position = point
            case .canvas: break
            }
            world.trace.record(.effectEnd(ended.kind, character: character, position: position))
        }
        for cap in world.pendingEvents(ParticleCapReached.self) {
            world.trace.record(.particleCap(dropped: cap.dropped))
        }
    }
}
