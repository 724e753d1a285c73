import Feedback
import Trace

extension TraceVocabulary {
    /// The princess scene's trace: its events, the fields each may be matched on, its
    /// settings, and its princesses arriving (`spawn`) and leaving (`remove`) (docs/trace-format.md).
    public static let princess = TraceVocabulary(events: [
        ("spawn", ["character", "kind", "x", "y", "scale", "cause"]),
        ("remove", ["character", "reason"]),
        ("gesture", ["character", "gesture", "x", "y", "source"]),
        ("gesture_end", ["character", "gesture", "x", "y", "scale"]),
        ("pinch", ["character", "from", "to", "requested", "clamped"]),
        ("menu", ["character", "actions"]),
        ("select", ["kind", "source"]),
        ("action_start", ["character", "action", "cause", "duration"]),
        ("action_end", ["character", "action", "completed"]),
        ("effect_start", ["character", "effect", "x", "y", "duration", "cause"]),
        ("effect_end", ["character", "effect", "x", "y"]),
        ("expression", ["expression", "strength", "threshold", "latency"]),
        ("clap", ["source", "characters"]),
        ("settings", SceneSettings.traceNames + ["source"]),
        ("refused", ["character", "input", "reason", "horizon_y", "nearest", "distance", "min_distance", "limit", "id",
                     "held_by", "cooldown", "since", "action", "source", "expression"]),
        ("haptic", ["character", "kind"]),
        ("sound", ["character", "sound", "x", "volume"]),
        ("particle_cap", ["dropped"]),
    ], settings: SceneSettings.traceNames, values: [
        "gesture": ["gesture": GestureKind.allCases.map(\.rawValue)],
        "gesture_end": ["gesture": GestureKind.allCases.map(\.rawValue)],
        "haptic": ["kind": HapticKind.allCases.map(\.rawValue)],
        "action_start": ["action": ActionKind.allCases.map(\.rawValue)],
        "action_end": ["action": ActionKind.allCases.map(\.rawValue)],
        "expression": ["expression": ExpressionKind.allCases.map(\.rawValue)],
        "spawn": ["kind": CharacterKind.allCases.map(\.rawValue)],
        "select": ["kind": CharacterKind.allCases.map(\.rawValue)],
        "refused": ["reason": RefusalReason.names],
    ], numbers: [
        "spawn": ["x", "y", "scale"],
        "gesture": ["x", "y"],
        "gesture_end": ["x", "y", "scale"],
        "pinch": ["from", "to", "requested"],
        "action_start": ["duration"],
        "effect_start": ["x", "y", "duration"],
        "effect_end": ["x", "y"],
        "expression": ["strength", "threshold", "latency"],
        "clap": ["characters"],
        "settings": ["volume"],
        "refused": ["horizon_y", "distance", "min_distance", "limit", "cooldown", "since"],
        "sound": ["x", "volume"],
        "particle_cap": ["dropped"],
    ], presence: CharacterPresence(appears: "spawn", leaves: "remove"))
}

extension TraceVocabulary {
    /// The princess scene's trace with `moves` among the actions its rules may name.
    public static func princess(moves: [Move]) -> TraceVocabulary {
        var vocabulary = TraceVocabulary.princess
        guard !moves.isEmpty else { return vocabulary }
        for event in ["action_start", "action_end"] { vocabulary.values[event]?["action"]? += moves.map(\.name) }
        return vocabulary
    }
}

extension SceneSettings {
    /// The settings a scene's trace can name (`settings` events' fields).
    public static let traceNames = ["sound", "volume", "face_tracking", "sensitivity", "reduce_motion", "high_contrast",
                                    "haptics", "microphone", "clap_sensitivity", "clap_cooldown", "expression_cooldown", "ui_scale"]
}
