/// The action a character is performing, from when and for how long.
struct ActionState: Sendable, Equatable {
    /// Which action or move.
    var kind: ActionName
    /// Scene time it started, in seconds.
    var start: Double
    /// Its length in seconds (one round of a looping move).
    var duration: Double
    /// What started it: timeline, double_tap, menu, expression, clap, …
    var cause: String

    /// How far through it `time` is, 0…1.
    func progress(at time: Double) -> Float {
        Float(min(max((time - start) / duration, 0), 1))
    }

    /// Each action's length in seconds, tuned to read well at 30 frames per second.
    static func duration(of kind: ActionKind) -> Double {
        switch kind {
        case .wave: return 1.0
        case .dance: return 2.0
        case .twirl: return 1.2
        case .jump: return 0.8
        case .sparkle: return 1.0
        }
    }
}
