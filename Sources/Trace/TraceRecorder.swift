import ECS

/// Collects the trace during a run, stamping each event with the step's time and frame.
/// A world resource (a class, so systems append without copying the list).
public final class TraceRecorder {
    /// The events recorded since the last drain, in order; draining empties it, so a long
    /// run's memory does not grow with its trace.
    package private(set) var pending: [TraceEvent] = []
    private let clock: FixedStepClock
    /// Time of the step being run (0 before the first).
    package private(set) var time: Double = 0
    /// First frame showing the step being run.
    package private(set) var frame: Int = 0

    /// A recorder for a run timed by `clock`.
    package init(clock: FixedStepClock) { self.clock = clock }

    /// Stamps what follows with step `step`.
    package func begin(step: Int) {
        time = clock.time(afterSteps: step + 1)
        frame = clock.firstFrame(showingStep: step)
    }

    /// Appends an event at the current step.
    public func record(_ event: any TraceableEvent) {
        pending.append(TraceEvent(t: time, frame: frame, kind: event))
    }

    /// The events recorded since the last drain.
    package func drain() -> [TraceEvent] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }
}
