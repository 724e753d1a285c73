import Trace

/// How a golden scene's run is compared beyond its frames (the manifest's `trace_time_tolerance`,
/// `sound_onset_tolerance`, `sound_loudness_tolerance` and the scene's own `rules`).
public struct GoldenRunTolerance: Equatable, Sendable {
    /// Seconds a trace event may move and still be the same (0: exact, the default).
    public var traceTime: Double
    /// Seconds a sound's start may move when the samples differ (20 ms by default).
    public var soundOnset: Double
    /// Decibels a sound's loudness may change when the samples differ (±1 dB by default).
    public var soundLoudness: Double
    /// Rules of this scene only, kept besides the manifest's.
    public var rules: [SceneRule]

    public init(traceTime: Double = 0, soundOnset: Double = 0.02, soundLoudness: Double = 1, rules: [SceneRule] = []) {
        self.traceTime = traceTime
        self.soundOnset = soundOnset
        self.soundLoudness = soundLoudness
        self.rules = rules
    }

    /// The golden trace's file name in a scene's folder.
    public static let traceFileName = "trace.jsonl"
    /// The golden soundtrack's file name in a scene's folder.
    public static let soundFileName = "sound.flac"
}
