import Trace

/// What a child would feel or hear, as any game traces it: a `sound` line (which the
/// soundtrack plays) or a `haptic` line (which a PNG cannot show). One writer for every game.
public enum FeedbackEvent: TraceableEvent, Equatable {
    /// A sound cue plays.
    case sound(SoundCue)
    /// A haptic pattern plays, for a character if one is concerned.
    case haptic(HapticKind, character: String?)

    public var name: String {
        switch self {
        case .sound: return "sound"
        case .haptic: return "haptic"
        }
    }

    public var character: String? {
        switch self {
        case .sound(let cue): return cue.character
        case .haptic(_, let character): return character
        }
    }

    public var fields: [TraceField] {
        switch self {
        case .haptic(let kind, _):
            return [TraceField("kind", .text(kind.rawValue))]
        case .sound(let cue):
            var fields = [TraceField("sound", .text(cue.sound.rawValue))]
            if let x = cue.x { fields.append(TraceField("x", .number(Double(x)))) }
            fields.append(TraceField("volume", .number(cue.volume)))
            return fields
        }
    }

    /// Its lines with the fields they may carry, the haptic kinds and the number fields, for a
    /// game's trace vocabulary.
    public static let vocabulary = TraceVocabulary(events: [
        ("haptic", ["character", "kind"]),
        ("sound", ["character", "sound", "x", "volume"]),
    ], settings: [], values: ["haptic": ["kind": HapticKind.allCases.map(\.rawValue)]], numbers: ["sound": ["x", "volume"]])
}
