import Trace

/// A simulation that runs its world one fixed step at a time and gathers its trace as it goes:
/// reaching a frame and handing out the trace come with it, the same for every such game.
public protocol SteppedSimulation: GameSimulation {
    /// The steps run so far.
    var stepsRun: Int { get }
    /// The trace events since the last drain, in order.
    var trace: [TraceEvent] { get set }
    /// Runs one step.
    func step()
}

extension SteppedSimulation {
    /// Steps until the world shows frame `target`; never goes back.
    public func advance(toFrame target: Int) {
        let due = clock.stepsCompleted(atFrame: target)
        while stepsRun < due { step() }
    }

    /// The trace events since the last drain, in order.
    public func drainTrace() -> [TraceEvent] {
        defer { trace.removeAll() }
        return trace
    }
}
