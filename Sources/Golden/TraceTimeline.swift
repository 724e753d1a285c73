import Trace

/// A trace as the timeline shows it: one row per character (per peer and character in a shared
/// session, per game object by its id; `scene` for lines about no one), a mark per line at its
/// frame. Made from one trace (the studio's) or from a golden trace and a run's with their
/// differences (`check`'s report), where the lines on either side of a difference are marked as
/// only in the golden or only now. The studio's page and the report draw it the same way
/// (`TraceTimelinePicture`).
public struct TraceTimeline: Sendable, Equatable {
    /// Which trace a mark's line is in.
    public enum Side: String, Sendable {
        /// In the trace drawn (and, with a golden, unchanged in it).
        case both
        /// Only in the golden trace: gone or changed now.
        case goldenOnly = "golden-only"
        /// Only in the run's trace: new or changed.
        case actualOnly = "actual-only"
    }

    /// One line of the trace on the timeline.
    public struct Mark: Sendable, Equatable {
        /// The first output frame that shows it.
        public var frame: Int
        /// The row it is drawn on.
        public var row: String
        /// The trace's name of the event (spawn, action_start, sound…), which gives its colour.
        public var kind: String
        /// The trace line itself.
        public var line: String
        /// Which trace it is in.
        public var side: Side
    }

    /// The rows, in the order their first line comes.
    public private(set) var rows: [String] = []
    /// The marks: the trace's lines in order, then the golden's lines that are gone.
    public private(set) var marks: [Mark] = []

    /// The timeline of one trace's events.
    public init(events: [TraceEvent]) {
        for event in events { add(event, line: event.jsonLine, side: .both) }
    }

    /// The timeline of a run's trace `actual` against its golden `golden` (trace lines), the
    /// lines of `differences` marked as only in one of them. Lines that do not read as trace
    /// events have no place on it and are left out (the report's table lists them).
    public init(golden: [String], actual: [String], differences: [TraceDifference]) {
        let changedNow = Set(differences.compactMap { $0.actual?.number })
        let gone = Set(differences.compactMap { $0.golden?.number })
        for (index, line) in actual.enumerated() {
            guard let event = TraceLineParser.parse(line) else { continue }
            add(event, line: line, side: changedNow.contains(index + 1) ? .actualOnly : .both)
        }
        for (index, line) in golden.enumerated() where gone.contains(index + 1) {
            guard let event = TraceLineParser.parse(line) else { continue }
            add(event, line: line, side: .goldenOnly)
        }
    }

    /// The last frame a mark is at (0 without marks).
    public var lastFrame: Int { marks.map(\.frame).max() ?? 0 }

    /// Which row a trace line is drawn on: its peer's and character's (or object's), else `scene`.
    public static func row(of event: TraceEvent) -> String {
        let who = event.character ?? event.text("id") ?? "scene"
        return event.peer.map { "\($0) · \(who)" } ?? who
    }

    private mutating func add(_ event: TraceEvent, line: String, side: Side) {
        let row = Self.row(of: event)
        if !rows.contains(row) { rows.append(row) }
        marks.append(Mark(frame: event.frame, row: row, kind: event.event, line: line, side: side))
    }
}
