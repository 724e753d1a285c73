import Trace

/// Why the scene turned an input down, with the details the trace writes for it.
public enum RefusalReason: Sendable, Equatable {
    /// A tap above the horizon: feet must stand on the floor.
    case notOnFloor(horizonY: Float)
    /// A tap too close to the nearest character.
    case tooClose(nearest: String, distance: Float, minDistance: Float)
    /// The scene already holds as many characters as it may.
    case maxCharacters(limit: Int)
    /// A tap asked for an id another character (even a vanishing one) has.
    case idTaken(String)
    /// No character under the finger, or the one named is absent or vanishing.
    case noCharacter
    /// Another finger already holds her, with the gesture named.
    case busy(heldBy: String)
    /// The same input was accepted `since` seconds ago, less than its `cooldown` (seconds).
    case cooldown(seconds: Double, since: Double)
    /// A clap from the microphone while the microphone setting is off.
    case microphoneOff
    /// A UI input found nothing open to act on.
    case nothingOpen

    /// The trace's name for it.
    /// Every reason's name, as the trace writes it.
    public static let names = ["not_on_floor", "too_close", "max_characters", "id_taken", "no_character", "busy", "cooldown",
                               "microphone_off", "nothing_open"]

    public var name: String {
        switch self {
        case .notOnFloor: return "not_on_floor"
        case .tooClose: return "too_close"
        case .maxCharacters: return "max_characters"
        case .idTaken: return "id_taken"
        case .noCharacter: return "no_character"
        case .busy: return "busy"
        case .cooldown: return "cooldown"
        case .microphoneOff: return "microphone_off"
        case .nothingOpen: return "nothing_open"
        }
    }

    /// Whether the refusal plays the warning haptic and sound. A cooldown or a microphone
    /// turned off refuses quietly: a crowd clapping in rhythm must not hear a buzz at every
    /// other clap.
    var warns: Bool {
        switch self {
        case .cooldown, .microphoneOff, .nothingOpen: return false
        default: return true
        }
    }

    /// The fields written after `reason`, in order.
    var details: [TraceField] {
        switch self {
        case .notOnFloor(let horizonY):
            return [TraceField("horizon_y", .number(Double(horizonY)))]
        case .tooClose(let nearest, let distance, let minDistance):
            return [TraceField("nearest", .text(nearest)), TraceField("distance", .number(Double(distance))),
                    TraceField("min_distance", .number(Double(minDistance)))]
        case .maxCharacters(let limit):
            return [TraceField("limit", .integer(limit))]
        case .idTaken(let id):
            return [TraceField("id", .text(id))]
        case .noCharacter:
            return []
        case .busy(let heldBy):
            return [TraceField("held_by", .text(heldBy))]
        case .cooldown(let seconds, let since):
            return [TraceField("cooldown", .number(seconds)), TraceField("since", .number(since))]
        case .microphoneOff, .nothingOpen:
            return []
        }
    }
}
