/// The thresholds that decide what a clap is; the defaults meet issue 7's targets on the
/// recordings the tests synthesise, hear at least 80% of claps 12 dB over nearby speech, and
/// hear none in consonant-heavy speech in five espeak-ng voices.
public struct ClapDetectorSettings: Sendable, Equatable {
    /// How far the first milliseconds must rise above the background, in dB.
    public var riseDecibels: Double = 9
    /// How far the first milliseconds must rise above the loudest 3 ms of the 20 ms before, in
    /// dB: a voice's pitch pulses come again and again, a clap stands alone.
    public var aboveRecentPeakDecibels: Double = 9
    /// How far each of the three bands (0.5–1.5, 1.5–4, 4–10 kHz) must rise above its own
    /// background, in dB: a clap is broadband; speech, music and thuds are not.
    public var bandRiseDecibels: Double = 5
    /// How far the energy per hertz a burst adds in 4–10 kHz may fall short of what it adds
    /// in 1.5–4 kHz, in dB (each over its band's own background): a clap is bright, about 6 dB
    /// short at worst on the tests' claps; espeak-ng's "k" bursts and pitch pulses are 7.6 or
    /// more short. A dull, cupped-hands clap (mostly below 1.5 kHz) may fail this too.
    public var highsShortfallDecibels: Double = 7
    /// How much more energy the background must have in 0.5–1.5 kHz than in 4–10 kHz, in dB,
    /// to be taken for a voice (the tests' quiet room has about 5). Over a voice a clap may be
    /// judged in the 4–10 kHz highs alone, where a voice has little energy and a clap plenty.
    public var voiceTiltDecibels: Double = 8
    /// How far a frame inside a candidate must rise above all its earlier frames, in dB, to
    /// be heard as a new onset: a clap during a word's onset is not lost with the word.
    public var riseAgainDecibels: Double = 3
    /// How far the sound must have fallen back (towards the background) 12–18 ms after its
    /// onset, in dB below its peak excess: a clap is short; a hiss or a word goes on.
    public var decayDecibels: Double = 7
    /// How far the clap must be above the loudest other sound of the last second or so, in dB:
    /// a clap near the kiosk stands out of the talk around it, a word's consonant does not.
    public var aboveLoudestDecibels: Double = -3
    /// After a clap, this long (seconds) hears no other, so one clap and its echoes are one event.
    public var refractorySeconds: Double = 0.15
    /// Anything quieter than this (dBFS, 1 ms energy) is never a clap, however quiet the room.
    public var minimumLevelDecibels: Double = -62
    /// How long after the program plays a sound's onset the microphone may still hear it
    /// (output and input buffering plus the room), in seconds.
    public var playbackDelayAllowance: Double = 0.15

    /// The defaults.
    public init() {}
}
