import Vocabulary

/// A sound a game asks to be played: which one, where on the canvas (for stereo panning) and
/// how loud. What a soundtrack (a render's, the kiosk's) reads from a `sound` trace line.
public struct SoundCue: Sendable, Equatable {
    /// The sound.
    public var sound: SoundName
    /// Where it happened, in the scene's canvas pixels; nil when it has no place (a
    /// selection, an expression firing, an effect over the whole canvas).
    public var x: Float?
    /// The settings' volume when it played, 0…1.
    public var volume: Double
    /// The id of the character it concerns, if one is.
    public var character: String?

    /// A cue from its parts.
    public init(sound: SoundName, x: Float?, volume: Double, character: String? = nil) {
        self.sound = sound
        self.x = x
        self.volume = volume
        self.character = character
    }
}
