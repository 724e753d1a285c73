import Feedback
import Trace

/// What the example game writes in its trace.
public enum ExampleEvent: TraceableEvent, Equatable {
    /// A toy came into view and its shape appeared (normalised position).
    case appear(toy: String, x: Double, y: Double, confidence: Double)
    /// A toy moved; its shape follows (normalised position).
    case move(toy: String, x: Double, y: Double)
    /// A toy left the view; its shape starts to fade.
    case fade(toy: String)
    /// A shape has faded away.
    case gone(toy: String)
    /// The camera failed: the child-worded message shown on screen.
    case cameraError(kind: String, message: String)

    public var name: String {
        switch self {
        case .appear: return "appear"
        case .move: return "move"
        case .fade: return "fade"
        case .gone: return "gone"
        case .cameraError: return "camera_error"
        }
    }

    public var character: String? {
        switch self {
        case .appear(let toy, _, _, _), .move(let toy, _, _), .fade(let toy), .gone(let toy): return toy
        case .cameraError: return nil
        }
    }

    public var fields: [TraceField] {
        switch self {
        case let .appear(_, x, y, confidence):
            return [TraceField("x", .number(x)), TraceField("y", .number(y)), TraceField("confidence", .number(confidence))]
        case let .move(_, x, y):
            return [TraceField("x", .number(x)), TraceField("y", .number(y))]
        case .fade, .gone:
            return []
        case let .cameraError(kind, message):
            return [TraceField("kind", .text(kind)), TraceField("message", .text(message))]
        }
    }

    /// Every event with the fields it may carry (`character` is the toy), and its number fields.
    static let vocabulary = TraceVocabulary(events: [
        ("appear", ["character", "x", "y", "confidence"]),
        ("move", ["character", "x", "y"]),
        ("fade", ["character"]),
        ("gone", ["character"]),
        ("camera_error", ["kind", "message"]),
    ], settings: [], numbers: ["appear": ["x", "y", "confidence"], "move": ["x", "y"]]).merged(with: FeedbackEvent.vocabulary)
}
