import Scene
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
    /// saw, and a warning at each of the scene's own rules the run breaks (`check` fails on
    /// them; a designer hears of them first); nil for a game that reviews nothing in a scene
    /// with no rules. Throws `GameRunError`.
    public func review(file: String, options: RunOptions = RunOptions()) throws -> SceneReview? {
        let reviewer = game.makeReviewer(of: scene), rules = scene.rules
        guard reviewer != nil || !rules.isEmpty else { return nil }
        let run = try makeRun(options)
        // The whole trace only when rules read it: the reviewer alone keeps memory flat.
        var events: [TraceEvent] = []
        func read(_ batch: [TraceEvent]) {
            reviewer?.add(batch)
            if !rules.isEmpty { events += batch }
        }
        read(run.drainTrace())
        for frame in stride(from: 1, to: run.frameCount, by: 1) {
            run.advance(toFrame: frame)
            read(run.drainTrace())
        }
        var review = reviewer?.review(file: file) ?? SceneReview()
        let checker = RuleChecker(events: events, settings: scene.startSettings,
                                  endTime: Double(run.frameCount) / Double(run.clock.framesPerSecond))
        for rule in rules {
            let broken = checker.violations(of: rule)
            guard let first = broken.first else { continue }
            let place = rule.origin.split(separator: ":").suffix(2).compactMap { Int($0) }
            let times = broken.count == 1 ? "" : " \(broken.count) times, first"
            review.warnings.append(SceneDiagnostic(file: file, line: place.first ?? 1, column: place.last ?? 1,
                                                   message: "warning: rule '\(rule.name)' is broken\(times): \(first.message)"))
        }
        return review
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
