/// The frames that belong to a heard clap, so they stay out of the loudness memory: its
/// impacts (several fingers, two people: up to 60 ms) and then its room's tail, for as long
/// as the sound keeps dying away. The tail ends when the sound is back near the room's level,
/// when something new rises out of it (talk going on must count as talk), or after 300 ms.
struct ClapTail {
    let onset: Int
    private let backgroundDecibels: Float
    private var quietest: Float = .infinity
    private(set) var ended = false

    static let impactFrames = 60
    static let longestFrames = 300
    /// Frames each level it is given is a mean of (the detector's 5 ms means).
    static let smoothingFrames = 5

    /// The tail of a clap at frame `onset`, over a background `backgroundDecibels` loud (0.1–10 kHz).
    init(onset: Int, backgroundDecibels: Float) {
        self.onset = onset
        self.backgroundDecibels = backgroundDecibels
    }

    /// Whether frame `index` is still the clap's, `decibels` the mean 0.1–10 kHz level of the
    /// `smoothingFrames` ending with it; frames come in order.
    mutating func contains(_ index: Int, decibels: Float) -> Bool {
        guard !ended, index >= onset - 5 else { return false }
        if index < onset + Self.impactFrames { return true }
        quietest = min(quietest, decibels)
        if index >= onset + Self.longestFrames || decibels > quietest + 10 || decibels < backgroundDecibels + 3 {
            ended = true
            return false
        }
        return true
    }
}
