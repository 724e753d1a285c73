import ECS
import Vocabulary

/// Collects the trace during a run, stamping each event with the step's time and frame.
/// A world resource (a class, so systems append without copying the list).
final class TraceRecorder {
    /// The events recorded since the last drain, in order; draining empties it, so a long
    /// run's memory does not grow with its trace.
    private(set) var pending: [TraceEvent] = []
    private let clock: FixedStepClock
    /// Time of the step being run (0 before the first).
    private(set) var time: Double = 0
    /// First frame showing the step being run.
    private(set) var frame: Int = 0

    /// A recorder for a run timed by `clock`.
    init(clock: FixedStepClock) { self.clock = clock }

    /// Stamps what follows with step `step`.
    func begin(step: Int) {
        time = clock.time(afterSteps: step + 1)
        frame = clock.firstFrame(showingStep: step)
    }

    /// Appends an event at the current step.
    func record(_ event: SceneEvent) {
        pending.append(TraceEvent(t: time, frame: frame, kind: event))
    }

    /// A haptic, unless the settings turn haptics off (haptics off, or reduce motion, as
    /// the app does).
    func haptic(_ kind: HapticKind, settings: SceneSettings, character: String? = nil) {
        guard settings.haptics, !settings.reduceMotion else { return }
        record(.haptic(kind, character: character))
    }

    /// A sound cue at canvas x `x` (for stereo panning), unless sound is off.
    func sound(_ sound: SoundEffect, x: Float?, settings: SceneSettings, character: String? = nil) {
        guard settings.soundEnabled else { return }
        record(.sound(SceneSoundCue(sound: sound, x: x, volume: settings.volume, character: character)))
    }

    /// The events recorded since the last drain.
    func drain() -> [TraceEvent] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }
}
