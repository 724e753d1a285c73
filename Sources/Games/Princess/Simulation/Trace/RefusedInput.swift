import Trace

/// The input a refusal turns down, as the trace's `input` field names it.
public enum RefusedInput: Sendable, Equatable {
    /// A gesture that found no character, a busy one, or no room to spawn.
    case gesture(GestureKind)
    /// An action for a character who is not there (or for all, when none is).
    case action(ActionName)
    /// An effect to follow a character who is not there.
    case effect
    /// A clap from `source` (timeline, mic, …), in its cooldown or with the microphone off.
    case clap(source: String)
    /// A face expression in its cooldown.
    case expression(ExpressionKind)
    /// A UI input with nothing to act on (a `close` with no screen open, a `menu_pick`
    /// with no menu), by its name.
    case ui(String)

    /// The trace's name for it: the gesture's name, `action`, `effect`, `clap` or `expression`.
    public var name: String {
        switch self {
        case .gesture(let gesture): return gesture.rawValue
        case .action: return "action"
        case .effect: return "effect"
        case .clap: return "clap"
        case .expression: return "expression"
        case .ui(let name): return name
        }
    }

    /// Fields written after the reason's own details: the action asked for, the clap's
    /// source or the expression, if it was one of those.
    var details: [TraceField] {
        switch self {
        case .action(let kind): return [TraceField("action", .text(kind.text))]
        case .clap(let source): return [TraceField("source", .text(source))]
        case .expression(let kind): return [TraceField("expression", .text(kind.rawValue))]
        case .gesture, .effect, .ui: return []
        }
    }
}
