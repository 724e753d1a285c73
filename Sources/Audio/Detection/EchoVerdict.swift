/// A share of each of the four bands a clap is judged in (0.1–0.5, 0.5–1.5, 1.5–4, 4–10 kHz).
public struct BandShares: Sendable, Equatable {
    /// The shares, from 0 to 1.
    public var low: Float, middle: Float, presence: Float, high: Float

    /// All of every band.
    public static let whole = BandShares(low: 1, middle: 1, presence: 1, high: 1)

    /// Shares of each band.
    public init(low: Float, middle: Float, presence: Float, high: Float) {
        self.low = low
        self.middle = middle
        self.presence = presence
        self.high = high
    }
}

/// What comparing the microphone with what the program played says of one 1 ms frame.
public enum EchoVerdict: Sendable, Equatable {
    /// Nothing was played lately: the microphone is judged on its own.
    case silent
    /// Sound was played but its echo's delay is not found yet: the playback gate decides.
    case unaligned
    /// The shares of the clap's bins (0.5–10 kHz) well above the most the echo can be there: at
    /// the tracked delay (`aligned`), and at any delay within 20 ms of it (`anyDelay`: an echo
    /// that just moved is explained there, a clap is not); and of each band a clap is judged in,
    /// the share the comparison left to be heard (`kept`).
    case compared(aligned: Float, anyDelay: Float, kept: BandShares)
    /// The played stream was spliced or the echo's delay jumped: a click, not a clap.
    case held
}
