/// The sound cues the scene asks for; the audio mixer synthesises exactly these names.
public enum SoundCue: String, CaseIterable, Sendable {
    case spawn, vanish, wave, dance, twirl, jump, sparkle, sparkles, snow, bubbles
    case bubblePop = "bubble_pop"
    case selection, success, warning

    /// The cue of an action.
    public init(_ action: ActionKind) {
        switch action {
        case .wave: self = .wave
        case .dance: self = .dance
        case .twirl: self = .twirl
        case .jump: self = .jump
        case .sparkle: self = .sparkle
        }
    }
}

/// The haptic patterns of the app's haptic router.
public enum HapticKind: String, CaseIterable, Sendable {
    case light, medium, heavy, selection, success, warning
}
