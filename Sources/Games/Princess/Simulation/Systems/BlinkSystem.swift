import ECS

/// Moves each character's next blink along.
enum BlinkSystem {
    static let name = "blink"

    static func run(_ context: SystemContext) {
        context.world.query(BlinkSchedule.self).forEach { _, schedule in schedule.advance(past: context.time) }
    }
}
