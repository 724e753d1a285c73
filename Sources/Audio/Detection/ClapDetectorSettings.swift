/// The thresholds that decide what a clap is, in decibels. The defaults were chosen on real
/// recorded claps, speech and percussion from Debian's packages (`Tests/Corpus`), holding each
/// source of claps out in turn; `scripts/clap-corpus/` rebuilds that corpus.
public struct ClapDetectorSettings: Sendable, Equatable {
    /// How far the 0.5–10 kHz energy must jump above the 10 ms before it to be an onset.
    public var riseDecibels: Float = 7
    /// How far that onset must be above the room's quiet level (the adaptive floor).
    public var aboveRoomDecibels: Float = 10
    /// Anything quieter than this (dBFS, 1 ms energy in 0.5–10 kHz) is never a clap.
    public var minimumLevelDecibels: Float = -70
    /// At most this much of what the sound adds may lie in 0.1–0.5 kHz, against 0.5–10 kHz, at its
    /// peak: a clap is a crack, a voice's vowel and a drum's body are low.
    public var lowAtPeakDecibels: Float = -8
    /// At most this much low (0.1–0.5 kHz) energy may be added 12–20 ms after the onset,
    /// against the peak's crack: a "t" or "k" is followed by its vowel; a clap by its tail.
    public var lowAfterDecibels: Float = -11
    /// Per hertz, 0.5–1.5 kHz may fall at most this far below 1.5–4 kHz: a clap, even a bright
    /// one, has a body; an "s", a "t" or a snap has almost none.
    public var middleShortfallDecibels: Float = -11
    /// Per hertz, 0.5–1.5 kHz may be at most this far above 1.5–4 kHz (a cupped clap is
    /// near +5; a thud, a knock or a vowel far more).
    public var middleExcessDecibels: Float = 11
    /// Per hertz, 4–10 kHz may be at most this far above 1.5–4 kHz: hi-hats, cymbals and
    /// hisses are brighter than claps.
    public var highExcessDecibels: Float = 4
    /// Per hertz, 4–10 kHz may fall at most this far below 1.5–4 kHz: a clap's crack reaches
    /// the highs (real claps: 9–28 dB below, even a few metres away); a muffled thump does not.
    public var highShortfallDecibels: Float = -30
    /// The 0.5–10 kHz energy must fall at least this far below its peak somewhere 5–20 ms
    /// after the onset: a clap is short, even with two or three impacts and a room's tail.
    public var dipDecibels: Float = 5
    /// The clap's loudest 1 ms (0.1–10 kHz, within 12 ms of the onset) may be at most this far
    /// below the loudest other sound heard lately: a clap over talk stands out of it, a
    /// word's consonant does not.
    public var aboveLoudestDecibels: Float = -5.5
    /// Where the program's own sound is compared, a band's energy is what the comparison left
    /// over the share of the band it left (`BandShares`), lifted at most by 1 / this; a band left
    /// less than this is not judged.
    public var leastKeptShare: Float = 0.25
    /// How fast the memory of the loudest other sound fades, in dB per second.
    public var loudestFadeDecibelsPerSecond: Float = 2
    /// A refused onset that died away within 20 ms (a crack: a knock, a drum, another person's
    /// clap in applause) stays out of that memory, unless it was voiced: a vowel followed it,
    /// or its 0.1–0.5 kHz energy at its peak was more than this far above its crack (talk's
    /// syllables lie around +3 dB, knocks and drums around 0). Remembered, a refused crack a
    /// median 8 dB above the next clap hid it for 1.5 s, up to 6 s (docs/benchmarks.md).
    public var crackLowLimitDecibels: Float = 3
    /// A refused crack whose low energy outweighed it (a drum's body or a syllable) still stays
    /// out of that memory when it stood alone: its loudest 1 ms at least this far over the mean
    /// of 10–30 ms before its onset (it rose out of quiet: real hits 30–41 dB, espeak-ng's
    /// syllables mostly under 20, since the talk before them was loud)…
    public var hitRiseDecibels: Float = 20
    /// …and the mean of 30–50 ms after its onset at least this far under that loudest 1 ms (it
    /// died away: real hits 13–31 dB, syllables go on into their vowel, a median 3 dB under).
    /// Such a hit is forgotten from 10 ms before its onset to 50 ms after; anything else is
    /// remembered as before (docs/benchmarks.md).
    public var hitFallDecibels: Float = 10
    /// After a clap, this long (seconds) hears no other, so one clap and its echoes are one
    /// event; rhythmic clapping at 4 claps a second is still heard clap by clap.
    public var refractorySeconds: Double = 0.15
    /// Within the refractory period, from 60 ms after a clap (its own impacts are over), an
    /// onset this much louder than that clap is another clap, not its echo or tail: a close
    /// child clapping just after someone further away.
    public var louderAfterClapDecibels: Float = 6
    /// When a group claps together with no clap standing out (nil: never heard so).
    public var groupApplause: GroupApplauseSettings? = GroupApplauseSettings()
    /// The first this-many seconds of a stream only learn the room and what is usual in it.
    public var warmUpSeconds: Double = 0.25
    /// Where the microphone is compared with what the program played (`OwnSoundMask`), at least
    /// this share of the clap's bins (0.5–10 kHz, each of its bands' shares counted alike) must
    /// stand well above the most the echo can be there, in some frame around the onset (see
    /// `EchoCeiling`)…
    public var clearShare: Float = 0.3
    /// …and at least this share above the most it can be at any delay within 20 ms of the tracked
    /// one (an echo that just jumped).
    public var clearShareAnyDelay: Float = 0.2
    /// A clap heard over the program's own sound is reported this many 1 ms frames late: a jump
    /// of the echo is a click, which the comparison knows for one only once it has passed
    /// (`OwnSoundMask.heldFrames`); measured 30–40 ms after the click on the replayed rooms.
    public var echoConfirmFrames = 12
    /// How long after the program plays a sound's onset the microphone may still hear it
    /// (output and input buffering plus the room), in seconds.
    public var playbackDelayAllowance: Double = 0.15

    /// The defaults (the medium sensitivity).
    public init() {}

    /// The settings of a sensitivity: easy hears softer claps in louder rooms (and more
    /// false ones), hard needs a clear, loud clap.
    public init(sensitivity: ClapSensitivity) {
        switch sensitivity {
        case .easy:
            riseDecibels = 6
            aboveRoomDecibels = 8
            aboveLoudestDecibels = -9
        case .medium:
            break
        case .hard:
            riseDecibels = 9
            aboveRoomDecibels = 14
            aboveLoudestDecibels = -3
        }
    }
}

/// How readily the microphone takes a sound for a clap (the scene's `clap_sensitivity`).
public enum ClapSensitivity: String, CaseIterable, Sendable {
    case easy, medium, hard
}
