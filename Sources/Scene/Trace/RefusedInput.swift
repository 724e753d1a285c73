/// The input a refusal turns down, as the trace's `input` field names it.
public enum RefusedInput: Sendable, Equatable {
    /// A gesture that found no character, a busy one, or no room to spawn.
    case gesture(GestureKind)
    /// An action for a character who is not there (or for all, when none is).
    case action(ActionKind)
    /// An effect to follow a character who is not there.
    case effect

    /// The trace's name for it: the gesture's name, `action` or `effect`.
    public var name: String {
        switch self {
        case .gesture(let gesture): return gesture.rawValue
        case .action: return "action"
        case .effect: return "effect"
        }
    }

    /// Fields written after the reason's own details: the action asked for, if it was one.
    var details: [TraceField] {
        if case .action(let kind) = self { return [TraceField("action", .text(kind.rawValue))] }
        return []
    }
}
