import ECS

/// A clap (from the timeline or a microphone): every character jumps.
enum ClapResponder {
    static func respond(source: String, time: Double, in world: World) {
        let present = CharacterDirectory.present(in: world)
        world.trace.record(.clap(source: source, characters: present.count))
        world.trace.haptic(.heavy, settings: world.settings)
        for entity in present { ActionStarter.start(.jump, on: entity, cause: "clap", time: time, in: world) }
    }
}
