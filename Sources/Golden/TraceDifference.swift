/// One way a run's trace differs from its golden trace, in words
/// (`t=3.20 spawn rosie-1: now refused too_close`), with the lines it is about.
public struct TraceDifference: Sendable, Equatable, Codable {
    /// What kind of difference.
    public enum Kind: String, Sendable, Codable {
        /// The same event with other field values.
        case changed
        /// The same event at another time, beyond the tolerance.
        case moved
        /// Another event in its place, at the same time.
        case replaced
        /// The golden's event no longer happens.
        case missing
        /// An event the golden does not have.
        case added
    }

    public var kind: Kind
    /// When it happened (the golden's time, or the run's for an added event).
    public var time: Double
    /// The difference in words.
    public var words: String
    /// The golden's line: its number in `trace.jsonl` (1-based) and text.
    public var golden: NumberedLine?
    /// The run's line: its number in the new trace and text.
    public var actual: NumberedLine?
}

/// A line of a trace with its 1-based number.
public struct NumberedLine: Sendable, Equatable, Codable {
    public var number: Int
    public var text: String
}

/// The outcome of comparing a scene's trace with its golden.
public struct GoldenTraceResult: Sendable, Equatable, Codable {
    /// Lines in the golden trace and in the run's.
    public var goldenLines: Int
    public var actualLines: Int
    /// What differs, in time order; empty when the traces match (within the tolerance).
    public var differences: [TraceDifference]
    /// Whether the two traces are the same bytes.
    public var identical: Bool
    /// There is no golden trace yet (nothing else was compared).
    public var missing = false
    /// `git restore PATH` when the golden trace is missing and git tracks it.
    public var restoreCommand: String? = nil
    /// Where the run's trace was written for the report, when it differs.
    public var actualPath: String?
    /// Where the golden trace was copied for the report, when it differs (so the report's
    /// timeline can be drawn again from the report folder alone, as a merge of slices does).
    public var goldenCopyPath: String? = nil
    /// The scene's frames and frames per second, for the timeline's scale.
    public var frameCount: Int? = nil
    public var framesPerSecond: Int? = nil
}
