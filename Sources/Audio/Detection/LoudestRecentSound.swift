/// The loudest sound heard lately that was not a clap, in dB: it jumps up at once and fades
/// slowly, so talk keeps it high for a while and a clap over talk must stand out of it.
struct LoudestRecentSound {
    private(set) var level: Float = -200
    private let fadePerFrame: Float

    /// A memory that fades by `fadePerSecond` dB a second, updated every `frameSeconds`.
    init(fadePerSecond: Float, frameSeconds: Double) {
        fadePerFrame = fadePerSecond * Float(frameSeconds)
    }

    /// One more frame of sound, `decibels` loud (nil: a frame that must not count, such as a
    /// clap's own or the kiosk's own sound).
    mutating func update(_ decibels: Float?) {
        level -= fadePerFrame
        if let decibels, decibels > level { level = decibels }
    }

    /// A frame `decibels` loud that was held back and is remembered `framesAgo` frames late:
    /// it counts as it would have, faded for those frames.
    mutating func recall(_ decibels: Float, framesAgo: Int) {
        level = max(level, decibels - fadePerFrame * Float(framesAgo))
    }
}
