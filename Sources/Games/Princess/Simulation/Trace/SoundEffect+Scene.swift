import Effects
import Vocabulary

extension SoundEffect {
    /// The sound of an action.
    public init(_ action: ActionKind) {
        switch action {
        case .wave: self = .wave
        case .dance: self = .dance
        case .twirl: self = .twirl
        case .jump: self = .jump
        case .sparkle: self = .sparkle
        }
    }

    /// The sound that starts an effect; a burst has none of its own (the spawn's sound plays).
    public init?(_ effect: EffectKind) {
        switch effect {
        case .sparkles: self = .sparkles
        case .snow: self = .snow
        case .bubbles: self = .bubbles
        default: return nil
        }
    }
}
