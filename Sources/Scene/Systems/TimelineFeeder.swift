import ECS

/// Queues each timeline entry in the first step that ends at or after its time.
struct TimelineFeeder: System {
    let name = "timeline"
    private let entries: [(step: Int, input: SceneInput)]
    private var next = 0

    init(timeline: [TimelineEntry], stepsPerSecond: Int) {
        entries = timeline.map { (TimelineFeeder.step(for: $0.time, stepsPerSecond: stepsPerSecond), $0.input) }
    }

    /// The step (0-based) that handles an input at `time`: the first ending at or after it.
    /// The small tolerance keeps 1.0 s at 60 Hz in step 59, not 60, despite rounding.
    static func step(for time: Double, stepsPerSecond: Int) -> Int {
        max(0, Int((time * Double(stepsPerSecond) - 1e-6).rounded(.up)) - 1)
    }

    mutating func run(_ context: SystemContext) {
        var due: [QueuedInput] = []
        while next < entries.count, entries[next].step <= context.step {
            due.append(QueuedInput(input: entries[next].input, source: "timeline"))
            next += 1
        }
        guard !due.isEmpty else { return }
        // Timeline inputs go before any injected during this step's wait, in file order.
        context.world.modifyResource(PendingInputs.self) { $0.items = due + $0.items }
    }
}

/// Stamps the trace with the step about to run; the first system of every step.
enum TraceStepMarker {
    static let name = "trace-step"
    static func run(_ context: SystemContext) { context.world.trace.begin(step: context.step) }
}
