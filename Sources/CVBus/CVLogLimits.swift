/// How much a detection log (or a live stream's line) may hold. A detector at 30 Hz seeing
/// three objects for an hour writes about 324,000 lines of under 150 bytes; these bounds are
/// above that and far below what costs a minute or a gigabyte, so a hostile log is refused
/// with a `file:line:column` error before it is decoded.
public enum CVLogLimits {
    /// The largest log read, in bytes (64 MiB); larger ones are refused from their size.
    public static let maxBytes = 64 << 20
    /// The longest line, in bytes; a longer one is reported, not read.
    public static let maxLineBytes = 4096
    /// The most lines a log may have; a log with more is refused before any is decoded.
    public static let maxLines = 500_000
    /// The latest time a line may give, in seconds (a day, as the longest scene).
    public static let maxTime = 86_400.0
    /// The largest track number.
    public static let maxTrack = 1_000_000
    /// The most problems listed for one log; the rest are counted in one last line.
    public static let maxDiagnostics = 100
}
