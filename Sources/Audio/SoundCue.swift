import Vocabulary

/// One sound effect to play at a moment of simulation time.
public struct SoundCue: Equatable, Sendable {
    /// Seconds of simulation time at which the sound starts.
    public var time: Double
    /// Which sound.
    public var sound: SoundName
    /// Stereo position: -1 left, 0 centre, 1 right.
    public var pan: Float
    /// Linear gain of this cue, 1 for the effect's normal loudness.
    public var gain: Float

    /// A cue for `sound` at `time`, centred and at normal loudness unless told otherwise.
    public init(time: Double, sound: SoundName, pan: Float = 0, gain: Float = 1) {
        self.time = time
        self.sound = sound
        self.pan = pan
        self.gain = gain
    }
}
