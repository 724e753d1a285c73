/// Counts of what happened in a run, gathered from its trace, for a short report.
public struct TraceSummary: Sendable, Equatable {
    /// Ids of the characters spawned, in order.
    public private(set) var spawned: [String] = []
    /// Ids of the characters removed, in order.
    public private(set) var removed: [String] = []
    /// Actions started, per action name, in first-seen order.
    public private(set) var actions = OrderedCounts()
    /// Effects started, per effect name.
    public private(set) var effects = OrderedCounts()
    /// Gestures, per gesture name.
    public private(set) var gestures = OrderedCounts()
    /// Expressions fired, per expression name.
    public private(set) var expressions = OrderedCounts()
    /// Refused inputs, per reason.
    public private(set) var refusals = OrderedCounts()
    /// Claps heard.
    public private(set) var claps = 0
    /// Haptic events.
    public private(set) var haptics = 0
    /// Sound cues.
    public private(set) var sounds = 0
    /// Every event.
    public private(set) var events = 0

    /// An empty summary.
    public init() {}

    /// Counts `batch` in.
    public mutating func add(_ batch: [TraceEvent]) {
        for event in batch {
            events += 1
            switch event.event {
            case "spawn": spawned.append(event.character ?? "?")
            case "remove": removed.append(event.character ?? "?")
            case "action_start": actions.add(event.text("action") ?? "?")
            case "effect_start": effects.add(event.text("effect") ?? "?")
            case "gesture": gestures.add(event.text("gesture") ?? "?")
            case "expression": expressions.add(event.text("expression") ?? "?")
            case "refused": refusals.add(event.text("reason") ?? "?")
            case "clap": claps += 1
            case "haptic": haptics += 1
            case "sound": sounds += 1
            default: break
            }
        }
    }
}

/// Counts by name, remembering the order names first appeared (never a dictionary's order).
public struct OrderedCounts: Sendable, Equatable {
    /// Names with their counts, in first-seen order.
    public private(set) var entries: [(name: String, count: Int)] = []

    /// No counts.
    public init() {}

    /// One more of `name`.
    public mutating func add(_ name: String) {
        if let index = entries.firstIndex(where: { $0.name == name }) {
            entries[index].count += 1
        } else {
            entries.append((name, 1))
        }
    }

    /// The sum of all counts.
    public var total: Int { entries.reduce(0) { $0 + $1.count } }

    /// The count of `name`.
    public subscript(name: String) -> Int { entries.first { $0.name == name }?.count ?? 0 }

    /// "wave 2, jump 5", or "none".
    public var listing: String {
        entries.isEmpty ? "none" : entries.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
    }

    public static func == (lhs: OrderedCounts, rhs: OrderedCounts) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.name == $1.name && $0.count == $1.count }
    }
}
