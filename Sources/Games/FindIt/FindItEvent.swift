import Feedback
import Trace

/// What FindIt writes in its trace (`character` is the item concerned, when one is).
public enum FindItEvent: TraceableEvent, Equatable {
    /// The screen changed (navigation), and why.
    case screen(from: String, to: String, item: String?)
    /// The mission card shows an item: its name and hint.
    case mission(item: String, name: String, hint: String)
    /// A line spoken aloud: the text, the voice and the sound that carries it.
    case speech(text: String, voice: String, sound: String)
    /// One recognition sample: the two signals and their weighted sum.
    case sample(item: String, fp: Double, ml: Double, confidence: Double)
    /// The band changed (only on a change).
    case band(item: String, band: HuntBand, confidence: Double)
    /// The hold ring began, was reset (by a dip) or completed.
    case hold(item: String, change: String, progress: Double)
    /// The item was found (once a hunt).
    case success(item: String, heldSeconds: Double)
    /// The time attack's countdown, each whole second left.
    case countdown(item: String, remaining: Int)
    /// The time attack ended: found or not, and the seconds used.
    case result(item: String, found: Bool, seconds: Double)
    /// A registration photo: its angle, brightness, and whether it was kept.
    case photo(index: Int, angle: String, luminance: Double, kept: Bool, next: String)
    /// A message shown to the parent (too dark, too few photos).
    case warning(kind: String, message: String)
    /// An item saved into the catalogue.
    case saved(item: String, photos: Int, createdAt: Double)
    /// The retraining's progress, 0–1.
    case training(progress: Double)
    /// The new model replaced the old one (hot swap).
    case modelSwap(version: Int, items: Int, photos: Int)
    /// A tap did nothing: the screen it came on and why (`reason` is one of `refusalReasons`).
    case refused(tap: String, screen: String, reason: String, item: String?)

    public var name: String {
        switch self {
        case .screen: return "screen"
        case .mission: return "mission"
        case .speech: return "speech"
        case .sample: return "sample"
        case .band: return "band"
        case .hold: return "hold"
        case .success: return "success"
        case .countdown: return "countdown"
        case .result: return "result"
        case .photo: return "photo"
        case .warning: return "warning"
        case .saved: return "saved"
        case .training: return "training"
        case .modelSwap: return "model_swap"
        case .refused: return "refused"
        }
    }

    public var character: String? {
        switch self {
        case .mission(let item, _, _), .sample(let item, _, _, _), .band(let item, _, _), .hold(let item, _, _),
             .success(let item, _), .countdown(let item, _), .result(let item, _, _), .saved(let item, _, _):
            return item
        case .screen(_, _, let item), .refused(_, _, _, let item): return item
        case .speech, .photo, .warning, .training, .modelSwap: return nil
        }
    }

    public var fields: [TraceField] {
        switch self {
        case let .screen(from, to, _): return [TraceField("from", .text(from)), TraceField("to", .text(to))]
        case let .mission(_, name, hint): return [TraceField("name", .text(name)), TraceField("hint", .text(hint))]
        case let .speech(text, voice, sound):
            return [TraceField("text", .text(text)), TraceField("voice", .text(voice)), TraceField("sound", .text(sound))]
        case let .sample(_, fp, ml, confidence):
            return [TraceField("fp", .number(fp)), TraceField("ml", .number(ml)), TraceField("confidence", .number(confidence))]
        case let .band(_, band, confidence): return [TraceField("band", .text(band.rawValue)), TraceField("confidence", .number(confidence))]
        case let .hold(_, change, progress): return [TraceField("change", .text(change)), TraceField("progress", .number(progress))]
        case let .success(_, held): return [TraceField("held", .number(held))]
        case let .countdown(_, remaining): return [TraceField("remaining", .integer(remaining))]
        case let .result(_, found, seconds): return [TraceField("found", .flag(found)), TraceField("seconds", .number(seconds))]
        case let .photo(index, angle, luminance, kept, next):
            return [TraceField("index", .integer(index)), TraceField("angle", .text(angle)), TraceField("luminance", .number(luminance)),
                    TraceField("kept", .flag(kept)), TraceField("next", .text(next))]
        case let .warning(kind, message): return [TraceField("kind", .text(kind)), TraceField("message", .text(message))]
        case let .saved(_, photos, createdAt): return [TraceField("photos", .integer(photos)), TraceField("created_at", .number(createdAt))]
        case let .training(progress): return [TraceField("progress", .number(progress))]
        case let .modelSwap(version, items, photos):
            return [TraceField("version", .integer(version)), TraceField("items", .integer(items)), TraceField("photos", .integer(photos))]
        case let .refused(tap, screen, reason, _):
            return [TraceField("tap", .text(tap)), TraceField("screen", .text(screen)), TraceField("reason", .text(reason))]
        }
    }

    /// Why a tap did nothing: no button for it on that screen, the retraining running, an item
    /// not in the catalogue, or one with too few photos to be recognised.
    static let refusalReasons = ["no_button", "training", "unknown_item", "too_few_photos"]

    /// The screens' names in the trace.
    static let screens = ["home", "detail", "register", "mission", "game", "success", "result"]

    /// Every event with its fields, closed sets of values and number fields.
    static let vocabulary = TraceVocabulary(events: [
        ("screen", ["character", "from", "to"]),
        ("mission", ["character", "name", "hint"]),
        ("speech", ["text", "voice", "sound"]),
        ("sample", ["character", "fp", "ml", "confidence"]),
        ("band", ["character", "band", "confidence"]),
        ("hold", ["character", "change", "progress"]),
        ("success", ["character", "held"]),
        ("countdown", ["character", "remaining"]),
        ("result", ["character", "found", "seconds"]),
        ("photo", ["index", "angle", "luminance", "kept", "next"]),
        ("warning", ["kind", "message"]),
        ("saved", ["character", "photos", "created_at"]),
        ("training", ["progress"]),
        ("model_swap", ["version", "items", "photos"]),
        ("refused", ["character", "tap", "screen", "reason"]),
    ], settings: ["sound", "haptics", "reduce_motion", "high_contrast"], values: [
        "screen": ["from": screens, "to": screens],
        "band": ["band": HuntBand.allCases.map(\.rawValue)],
        "hold": ["change": ["began", "reset", "completed"]],
        "warning": ["kind": ["too_dark", "too_few_photos"]],
        "photo": ["angle": PhotoAngle.allCases.map(\.rawValue)],
        "refused": ["tap": FindItSceneDecoder.taps, "screen": screens, "reason": refusalReasons],
    ], numbers: [
        "sample": ["fp", "ml", "confidence"], "band": ["confidence"], "hold": ["progress"], "success": ["held"],
        "countdown": ["remaining"], "result": ["seconds"], "photo": ["index", "luminance"], "saved": ["photos", "created_at"],
        "training": ["progress"], "model_swap": ["version", "items", "photos"],
    ]).merged(with: FeedbackEvent.vocabulary)
}
