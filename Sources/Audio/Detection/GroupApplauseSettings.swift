/// The limits of "a group applauds" (`GroupApplause`), in decibels and seconds. They were set
/// on four real applause recordings from Debian's game packages, against 132 s of real talk in
/// eleven voices, music, percussion and claps over a quiet room (docs/clap-corpus.md), where
/// none of these passes for long enough.
public struct GroupApplauseSettings: Sendable, Equatable {
    /// The sound judged: this many seconds ending now.
    public var windowSeconds = 0.6
    /// It must have sounded like applause for this much longer before it counts: a whispered
    /// "sh" passes every test for a moment (0.6 s of fillets-ng's voice), a group clapping
    /// goes on.
    public var holdSeconds = 0.1
    /// While the group goes on, it makes a clap this often unless a clap was heard meanwhile:
    /// more often than once a second, not more often than the princesses' cooldown (0.4 s).
    public var repeatSeconds = 0.5
    /// All but the quietest tenth of the window's 10 ms blocks (0.5–10 kHz) lies at least this
    /// far over the room's quiet (the applause recordings: 13–38 dB).
    public var aboveRoomDecibels: Float = 10
    /// How fast the room's quiet may rise, in dB a second: slow, so that a minute of applause
    /// is not learned as the room.
    public var roomRiseDecibelsPerSecond: Float = 1
    /// The 10 ms levels' standard deviation may be at most this: a crowd's roar is steady
    /// (applause 1.3–5.7 dB, mostly under 4), talk rises and falls with its syllables (4–20).
    public var steadinessDecibels: Float = 5
    /// The 50 ms levels may span at most this: a clap's dying room tail and a word's end do not
    /// fit (single claps over a quiet room 10–15 dB, applause mostly 2–10).
    public var swayDecibels: Float = 10
    /// 0.1–0.5 kHz against 0.5–10 kHz at most this: hands, not a voice alone or drums
    /// (applause −17 to −8 dB, −7.5 where a stadium cheers as it claps; talk and music mostly
    /// over −9, and what keeps talk out is its unsteadiness).
    public var lowDecibels: Float = -7
    /// Per hertz, 0.5–1.5 kHz at most this far over 1.5–4 kHz (a dense crowd up to +11 dB; a
    /// vowel, a hum or a bass line more).
    public var middleExcessDecibels: Float = 12
    /// Per hertz, 4–10 kHz at least this far over 1.5–4 kHz: claps reach the highs (applause −16
    /// to −9 dB; a voice through a wall does not).
    public var highShortfallDecibels: Float = -18
    /// Impulses a second at least (a 1 ms frame 5 dB over the 10 ms before it): the many small
    /// claps in the roar (applause 10–45 a second; a steady noise such as a fan about 1).
    public var impulsesPerSecond: Float = 10
    /// How far a 1 ms frame must rise over the 10 ms before it to be an impulse.
    public var impulseRiseDecibels: Float = 5

    /// The defaults.
    public init() {}
}
