/// A scene's timeline, each entry with the step that handles it, handed out step by step
/// (a world resource). Any game's timed inputs go through it, so an entry at a time is
/// handled at the same step in every game.
public struct TimelineQueue<Input: Sendable>: Sendable {
    private let entries: [(step: Int, input: Input, source: String)]
    private var next = 0

    /// The queue of `timeline` (time-ordered entries) at `stepsPerSecond`.
    public init(timeline: [(time: Double, input: Input, source: String)], stepsPerSecond: Int) {
        entries = timeline.map { (TimelineQueue.step(for: $0.time, stepsPerSecond: stepsPerSecond), $0.input, $0.source) }
    }

    /// The step (0-based) that handles an input at `time`: the first ending at or after it.
    /// The small tolerance keeps 1.0 s at 60 Hz in step 59, not 60, despite rounding.
    public static func step(for time: Double, stepsPerSecond: Int) -> Int {
        max(0, Int((time * Double(stepsPerSecond) - 1e-6).rounded(.up)) - 1)
    }

    /// The entries due by step `step` not handed out yet, in file order, each with its entry's source.
    public mutating func take(through step: Int) -> [QueuedInput<Input>] {
        var due: [QueuedInput<Input>] = []
        while next < entries.count, entries[next].step <= step {
            due.append(QueuedInput(input: entries[next].input, source: entries[next].source))
            next += 1
        }
        return due
    }

    /// Whether every entry has been handed out.
    public var isFinished: Bool { next >= entries.count }
}
