import Trace

/// Counts of what happened in a run, gathered from its trace (the scene's typed events;
/// lines made by hand count only in `events`), for a short report.
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
            switch event.kind {
            case .spawn(_, let character, _, _, _)?: spawned.append(character)
            case .remove(let character, _)?: removed.append(character)
            case .actionStart(let action, _, _, _)?: actions.add(action.text)
            case .effectStart(let effect, _, _, _, _)?: effects.add(effect.rawValue)
            case .gesture(let gesture, _, _, _)?: gestures.add(gesture.rawValue)
            case .expression(let expression, _, _, _)?: expressions.add(expression.rawValue)
            case .refused(_, let reason, _)?: refusals.add(reason.name)
            case .clap?: claps += 1
            case .haptic?: haptics += 1
            case .sound?: sounds += 1
            default: break
            }
        }
    }
}
