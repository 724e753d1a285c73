import Vocabulary

/// The settings that decide whether feedback plays, the same in every game: sound on or off
/// and its volume; haptics on or off, and never while reduce motion is on (as the apps do).
public struct FeedbackSwitches: Sendable, Equatable {
    /// Sound cues play.
    public var soundEnabled: Bool
    /// Their volume, 0…1.
    public var volume: Double
    /// Haptics play.
    public var haptics: Bool
    /// Reduce motion is on, which silences haptics too.
    public var reduceMotion: Bool

    /// Switches from their parts.
    public init(soundEnabled: Bool = true, volume: Double = 1, haptics: Bool = true, reduceMotion: Bool = false) {
        self.soundEnabled = soundEnabled
        self.volume = volume
        self.haptics = haptics
        self.reduceMotion = reduceMotion
    }

    /// The cue of `sound` at canvas x `x` at the current volume; nil while sound is off.
    public func sound(_ sound: SoundName, x: Float?, character: String? = nil) -> FeedbackEvent? {
        guard soundEnabled else { return nil }
        return .sound(SoundCue(sound: sound, x: x, volume: volume, character: character))
    }

    /// The haptic `kind`; nil while haptics are off or reduce motion is on.
    public func haptic(_ kind: HapticKind, character: String? = nil) -> FeedbackEvent? {
        guard haptics, !reduceMotion else { return nil }
        return .haptic(kind, character: character)
    }
}
