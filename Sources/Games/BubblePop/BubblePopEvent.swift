import Feedback
import Trace

/// What Bubble Pop writes in its trace (besides the Feedback kit's `sound` and `haptic`).
public enum BubblePopEvent: TraceableEvent, Equatable {
    /// A tap popped a bubble.
    case popped(bubble: String)
    /// A tap found its bubble already popped.
    case missed(bubble: String)
    /// Every bubble is popped: the "Well done" card shows.
    case allPopped

    public var name: String {
        switch self {
        case .popped: return "popped"
        case .missed: return "missed"
        case .allPopped: return "all_popped"
        }
    }

    public var character: String? {
        switch self {
        case .popped(let bubble), .missed(let bubble): return bubble
        case .allPopped: return nil
        }
    }

    public var fields: [TraceField] { [] }

    /// Every event with its fields (`character` is the bubble), with the Feedback kit's.
    static let vocabulary = TraceVocabulary(events: [
        ("popped", ["character"]), ("missed", ["character"]), ("all_popped", []),
    ], settings: ["haptics"]).merged(with: FeedbackEvent.vocabulary)
}
