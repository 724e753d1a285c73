import Feedback
import Trace
import Vocabulary

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

    /// Traces `event` as happening in the step being run: stamped with the end of that step and
    /// the first frame that shows it, as every game's trace is.
    public func record(_ event: any TraceableEvent) {
        trace.append(TraceEvent(t: clock.time(afterSteps: stepsRun + 1), frame: clock.firstFrame(showingStep: stepsRun), kind: event))
    }

    /// Traces the cue of `sound` at `x` (pixels across the canvas) when `switches` let sound
    /// through: the soundtrack and the kiosk's speaker play what the trace says.
    public func recordSound(_ sound: SoundName, x: Float?, character: String? = nil, switches: FeedbackSwitches = FeedbackSwitches()) {
        if let cue = switches.sound(sound, x: x, character: character) { record(cue) }
    }

    /// Traces the haptic `kind` when `switches` let haptics through.
    public func recordHaptic(_ kind: HapticKind, character: String? = nil, switches: FeedbackSwitches = FeedbackSwitches()) {
        if let haptic = switches.haptic(kind, character: character) { record(haptic) }
    }
}
