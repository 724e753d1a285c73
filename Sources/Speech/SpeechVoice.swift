/// How a line is spoken: espeak-ng's voice, its pitch and pace, and whether it sounds like a robot.
public struct SpeechVoice: Sendable, Hashable {
    /// espeak-ng's voice name: "en-us", "ko", …
    public var language: String
    /// The pitch, 0…99 (espeak-ng's 50 is neutral).
    public var pitch: Int
    /// The pace in words per minute, 80…450.
    public var wordsPerMinute: Int
    /// Monotone, amplitude-ringed and coarsened: a robot's timbre (Pixel's voice).
    public var robot: Bool

    /// A voice from its parts; values out of range are brought into it.
    public init(language: String = "en-us", pitch: Int = 50, wordsPerMinute: Int = 160, robot: Bool = false) {
        self.language = language
        self.pitch = min(99, max(0, pitch))
        self.wordsPerMinute = min(450, max(80, wordsPerMinute))
        self.robot = robot
    }
}

/// Why a line could not be spoken.
public struct SpeechError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, in one line.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
