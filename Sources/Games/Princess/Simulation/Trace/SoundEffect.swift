import Vocabulary

/// Every sound the princess scene makes; the raw value is the `sound` field of the run's trace.
public enum SoundEffect: String, CaseIterable, Sendable, Codable {
    /// A character appears.
    case spawn
    /// A character is removed.
    case vanish
    /// A character waves.
    case wave
    /// A character dances.
    case dance
    /// A character twirls.
    case twirl
    /// A character jumps.
    case jump
    /// A character's sparkle action.
    case sparkle
    /// A sparkles particle effect starts.
    case sparkles
    /// A snow particle effect starts.
    case snow
    /// A bubbles particle effect starts.
    case bubbles
    /// One bubble pops.
    case bubble_pop
    /// A button-like selection (the haptic category of the same name).
    case selection
    /// Something went well (the haptic category of the same name).
    case success
    /// Something was refused (the haptic category of the same name).
    case warning

    /// The sound's name, as the trace writes it and the sound bank knows it.
    public var name: SoundName { SoundName(rawValue: rawValue) }
}
