import ECS

/// Queues each timeline entry in the first step that ends at or after its time.
enum TimelineSystem {
    static let name = "timeline"

    static func run(_ context: SystemContext) {
        let world = context.world
        guard let due = world.modifyResource(TimelineQueue.self, { $0.take(through: context.step) }),
              !due.isEmpty else { return }
        // Timeline inputs go before any injected during this step's wait, in file order.
        world.modifyResource(PendingInputs.self) { $0.items = due + $0.items }
    }
}
