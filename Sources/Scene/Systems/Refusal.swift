import ECS

/// An input the scene turns down: traced with why, and a warning haptic and sound (at
/// canvas x `x`, when there is one).
enum Refusal {
    static func record(_ input: RefusedInput, _ reason: RefusalReason, x: Float?, character: String? = nil,
                       in world: World) {
        let trace = world.trace
        trace.record(.refused(input, reason: reason, character: character))
        trace.haptic(.warning, settings: world.settings, character: character)
        trace.sound(.warning, x: x, settings: world.settings, character: character)
    }
}
