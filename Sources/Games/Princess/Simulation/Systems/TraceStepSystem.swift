import ECS

/// Stamps the trace with the step about to run; the first system of every step.
enum TraceStepSystem {
    static let name = "trace-step"

    static func run(_ context: SystemContext) { context.world.trace.begin(step: context.step) }
}
