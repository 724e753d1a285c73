/// A loud onset the detector heard and did not take for a clap, with the test that refused
/// it: what an installer reads (`listen --explain`) to tune a room.
public struct ClapRefusal: Sendable, Equatable {
    /// Seconds from the start of the stream to the onset.
    public var time: Double
    /// The onset's loudest 1 ms in 0.5–10 kHz, dBFS.
    public var level: Double
    /// The test it failed, in the words of `ClapDetectorSettings`.
    public var test: ClapTest
    /// What was measured for that test, in dB.
    public var measured: Double
    /// The limit the test holds it to, in dB.
    public var limit: Double
}

/// The tests a loud onset must pass to be a clap, in the order they are asked.
public enum ClapTest: String, Sendable, CaseIterable {
    /// Too much low (voice, drum body) energy at the peak.
    case lowAtPeak = "low_at_peak"
    /// A low, voiced sound followed the onset (a vowel after a consonant).
    case lowAfter = "low_after"
    /// Too little 0.5–1.5 kHz body (an "s", a click, a snap).
    case middleShortfall = "thin_body"
    /// Too much 0.5–1.5 kHz against 1.5–4 kHz (a knock, a thud, a vowel).
    case middleExcess = "dull"
    /// Brighter than a clap (a cymbal, a hi-hat, a hiss).
    case highExcess = "hiss"
    /// Nothing in the highs (a muffled thump, a voice through a wall).
    case highShortfall = "muffled"
    /// It did not fall back soon enough (a word, music, a long noise).
    case dip = "too_long"
    /// Not louder than what was heard lately (talk, music).
    case aboveLoudest = "not_above_recent"
    /// The program's own sound was playing.
    case playback = "own_sound"

    /// What the test means, for a person.
    public var meaning: String {
        switch self {
        case .lowAtPeak: return "too much low energy at its peak (a voice or a drum's body)"
        case .lowAfter: return "a low, voiced sound followed it (a vowel after a consonant)"
        case .middleShortfall: return "too little 0.5-1.5 kHz body (an \"s\", a click or a snap)"
        case .middleExcess: return "too dull (a knock, a thud or a vowel)"
        case .highExcess: return "too bright (a cymbal, a hi-hat or a hiss)"
        case .highShortfall: return "too muffled: nothing in 4-10 kHz (a thump or a voice through a wall)"
        case .dip: return "it did not die away within 20 ms (a word or music)"
        case .aboveLoudest: return "not louder than what was heard in the last seconds"
        case .playback: return "the kiosk's own sound was playing"
        }
    }
}
