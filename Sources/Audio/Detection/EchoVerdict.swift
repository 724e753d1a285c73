/// What comparing the microphone with what the program played says of one 1 ms frame.
public enum EchoVerdict: Sendable, Equatable {
    /// Nothing was played lately: the microphone is judged on its own.
    case silent
    /// Sound was played but its echo's delay is not found yet: the playback gate decides.
    case unaligned
    /// The shares of the clap's bins (0.5–10 kHz) well above the most the echo can be there: at
    /// the tracked delay (`aligned`), and at any delay within 20 ms of it (`anyDelay`: an echo
    /// that just moved is explained there, a clap is not).
    case compared(aligned: Float, anyDelay: Float)
    /// The played stream was spliced or the echo's delay jumped: a click, not a clap.
    case held
}
