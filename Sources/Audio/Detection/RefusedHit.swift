/// A refused onset that may have been a hit standing on its own (a knock, a drum over a quiet
/// room or soft applause): it rose out of quiet and died away within 20 ms, but its low body
/// made it look voiced. Its frames are held out of the loudness memory until 50 ms after its
/// onset show whether it died away (a hit: forgotten) or went on (a syllable: its vowel, talk
/// running on: remembered after all, with the fade it would have had).
struct RefusedHit {
    let onset: Int
    /// Its loudest 1 ms in 0.1–10 kHz within 12 ms of its onset, dB.
    let loudest: Float
    /// Frames held back while undecided, with their 0.1–10 kHz level in dB.
    private(set) var held: [(frame: Int, decibels: Float)] = []
    /// Nil until judged; then whether its frames stay out of the memory.
    private(set) var forgotten: Bool?

    /// The frames it covers, from where it rose (the quiet it is measured against ends 10 ms
    /// before its onset) to where it must have died away.
    var frames: Range<Int> { onset - 10..<onset + Self.judgedFrom }
    /// It is judged on the mean of frames 30–50 ms after its onset.
    static let fallWindow = 30..<50
    static let judgedFrom = 50

    /// A refused onset at frame `onset`, `loudest` dB at its peak.
    init(onset: Int, loudest: Float) {
        self.onset = onset
        self.loudest = loudest
    }

    /// Holds back one frame of it while it is undecided.
    mutating func hold(_ frame: Int, decibels: Float) { held.append((frame, decibels)) }

    /// Decides from the mean level 30–50 ms after the onset (dB); returns the frames held back
    /// that must be remembered after all (none when it died away `fallDecibels` or more).
    mutating func judge(laterDecibels: Float, fallDecibels: Float) -> [(frame: Int, decibels: Float)] {
        let diedAway = loudest - laterDecibels >= fallDecibels
        forgotten = diedAway
        defer { held = [] }
        return diedAway ? [] : held
    }
}
