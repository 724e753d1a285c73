import ECS
import Vocabulary

/// Collects the trace during a run, stamping each event with the step's time and frame.
/// A world resource (a class, so systems append without copying the list).
public final class TraceRecorder {
    /// The events recorded since the last drain, in order; draining empties it, so a long
    /// run's memory does not grow with its trace.
    public private(set) var pending: [TraceEvent] = []
    private let clock: FixedStepClock
    /// Time of the step being run (0 before the first).
    public private(set) var time: Double = 0
    /// First frame showing the step being run.
    public private(set) var frame: Int = 0

    /// A recorder for a run timed by `clock`.
    public init(clock: FixedStepClock) { self.clock = clock }

    /// Stamps what follows with step `step`.
    public func begin(step: Int) {
        time = clock.time(afterSteps: step + 1)
        frame = clock.firstFrame(showingStep: step)
    }

    /// Appends an event at the current step.
    public func record(_ event: String, character: String? = nil, _ fields: [TraceField] = []) {
        pending.append(TraceEvent(t: time, frame: frame, event: event, character: character, fields: fields))
    }

    /// A haptic, unless the settings turn haptics off (reduce motion, as the app does).
    public func haptic(_ kind: HapticKind, settings: SceneSettings, character: String? = nil) {
        guard !settings.reduceMotion else { return }
        record("haptic", character: character, [TraceField("kind", .text(kind.rawValue))])
    }

    /// A sound cue at canvas x `x` (for stereo panning), unless sound is off.
    public func sound(_ cue: SoundEffect, x: Float?, settings: SceneSettings, character: String? = nil) {
        guard settings.soundEnabled else { return }
        var fields = [TraceField("sound", .text(cue.rawValue))]
        if let x { fields.append(TraceField("x", .number(Double(x)))) }
        fields.append(TraceField("volume", .number(settings.volume)))
        record("sound", character: character, fields)
    }

    /// The events recorded since the last drain.
    public func drain() -> [TraceEvent] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }
}
