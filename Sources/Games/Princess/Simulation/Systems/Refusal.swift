import ECS

/// An input the scene turns down: traced with why, and a warning haptic and sound (at
/// canvas x `x`, when there is one) unless the reason refuses quietly.
enum Refusal {
    static func record(_ input: RefusedInput, _ reason: RefusalReason, x: Float?, character: String? = nil,
                       in world: World) {
        let trace = world.trace
        trace.record(.refused(input, reason: reason, character: character))
        guard reason.warns else { return }
        trace.haptic(.warning, settings: world.settings, character: character)
        trace.sound(.warning, x: x, settings: world.settings, character: character)
    }
}
