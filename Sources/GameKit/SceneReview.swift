import SceneFile
import Trace

/// What a run of a scene showed that its file cannot say: inputs the run refused or changed,
/// each a warning at the entry that asked for it, and what appeared on screen.
public struct SceneReview: Sendable, Equatable {
    /// One warning per refused or clamped entry, `file:line:column: warning: …`, in time order.
    public var warnings: [SceneDiagnostic]
    /// What appeared, in a few words for `validate` (`3 characters appear`); nil: nothing to add.
    public var outline: String?

    /// A review from its parts.
    public init(warnings: [SceneDiagnostic] = [], outline: String? = nil) {
        self.warnings = warnings
        self.outline = outline
    }
}

/// A game's reader of its own trace for a `SceneReview`, fed as the run steps (memory stays flat).
public protocol SceneReviewer: AnyObject {
    /// Reads the next events of the trace.
    func add(_ events: [TraceEvent])
    /// The review, with warnings placed in `file` (the scene file as the user named it).
    func review(file: String) -> SceneReview
}

extension OpenedScene {
    /// Steps a run of the scene through without drawing and returns what its game's reviewer
    /// saw; nil for a game that reviews nothing. Throws `GameRunError`.
    public func review(file: String, options: RunOptions = RunOptions()) throws -> SceneReview? {
        guard let reviewer = game.makeReviewer(of: scene) else { return nil }
        let run = try makeRun(options)
        reviewer.add(run.drainTrace())
        for frame in stride(from: 1, to: run.frameCount, by: 1) {
            run.advance(toFrame: frame)
            reviewer.add(run.drainTrace())
        }
        return reviewer.review(file: file)
    }
}

/// The scripted entries of a scene a reviewer places its warnings at, each claimed once by the
/// trace event it caused.
public struct ReviewedEntries: Sendable {
    /// One entry: its name as the trace calls it, its time and its place in the file.
    public struct Entry: Sendable, Equatable {
        /// The entry's kind (`tap`, `save`, `mission_card`).
        public var name: String
        /// Seconds on the scene's clock.
        public var time: Double
        /// 1-based line and column of the entry in the scene file.
        public var line: Int
        public var column: Int

        /// An entry from its parts.
        public init(name: String, time: Double, line: Int, column: Int) {
            self.name = name
            self.time = time
            self.line = line
            self.column = column
        }
    }

    /// The entries, in the order the game acts on them.
    public let entries: [Entry]
    private var claimed = Set<Int>()

    /// Entries from a file; those without a place (built in, added by the tool) are kept but never claimed.
    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The latest entry of `name` not yet claimed at or before `time` (an entry acts at the step
    /// its time falls in), now claimed; nil when none is.
    public mutating func claim(_ name: String, at time: Double) -> Int? {
        guard let index = entries.indices.last(where: {
            !claimed.contains($0) && entries[$0].line > 0 && entries[$0].name == name && entries[$0].time <= time + 1e-6
        }) else { return nil }
        claimed.insert(index)
        return index
    }

    /// `file:line:column: warning: the <entry> at <time> s <message>` for entry `index`, at
    /// `time` (the entry's own by default).
    public func warning(_ index: Int, at time: Double? = nil, file: String, _ message: String) -> SceneDiagnostic {
        let entry = entries[index]
        return SceneDiagnostic(file: file, line: entry.line, column: max(entry.column, 1),
                               message: "warning: the \(Self.spoken(entry.name)) at \(RunTallyContext.format(time ?? entry.time)) s \(message)")
    }

    /// A trace name in words: `mission_card` → `mission card`.
    public static func spoken(_ name: String) -> String { name.split(separator: "_").joined(separator: " ") }
}
