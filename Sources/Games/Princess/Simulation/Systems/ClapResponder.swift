import ECS

/// A clap (from the timeline or a microphone): every character jumps. A clap from the
/// microphone (source "mic") is refused while the microphone setting is off, and any clap
/// within the clap cooldown of the last one that made them jump is refused.
enum ClapResponder {
    /// The source of claps heard by a microphone, live or in a recording.
    static let microphoneSource = "mic"

    static func respond(source: String, time: Double, in world: World) {
        let settings = world.settings
        if source == microphoneSource && !settings.microphone {
            Refusal.record(.clap(source: source), .microphoneOff, x: nil, in: world)
            return
        }
        if let last = world.sceneState.lastClap, time - last < settings.clapCooldown - 1e-9 {
            Refusal.record(.clap(source: source), .cooldown(seconds: settings.clapCooldown, since: time - last),
                           x: nil, in: world)
            return
        }
        world.modifyResource(SceneState.self) { $0.lastClap = time }
        let present = CharacterDirectory.present(in: world)
        world.trace.record(.clap(source: source, characters: present.count))
        world.trace.haptic(.heavy, settings: settings)
        for entity in present { ActionStarter.start(.jump, on: entity, cause: "clap", time: time, in: world) }
    }
}
