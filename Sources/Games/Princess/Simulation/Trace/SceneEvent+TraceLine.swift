import Feedback
import ECS
import Trace

extension SceneEvent {
    /// The trace's name for the event (its `event` key).
    public var name: String {
        switch self {
        case .spawn: return "spawn"
        case .remove: return "remove"
        case .gesture: return "gesture"
        case .gestureEnd: return "gesture_end"
        case .pinch: return "pinch"
        case .menu: return "menu"
        case .select: return "select"
        case .actionStart: return "action_start"
        case .actionEnd: return "action_end"
        case .effectStart: return "effect_start"
        case .effectEnd: return "effect_end"
        case .expression: return "expression"
        case .clap: return "clap"
        case .settings: return "settings"
        case .refused: return "refused"
        case .haptic: return "haptic"
        case .sound: return "sound"
        case .particleCap: return "particle_cap"
        case .ui(let event): return event.name
        case .session(let event): return event.name
        }
    }

    /// The event's own fields, in the order docs/trace-format.md lists them (after `t`,
    /// `frame`, `event` and `character`).
    public var fields: [TraceField] {
        switch self {
        case .spawn(let kind, _, let position, let scale, let cause):
            return [TraceField("kind", .text(kind.rawValue))] + Self.point(position)
                + [TraceField("scale", .number(Double(scale))), TraceField("cause", .text(cause))]
        case .remove(_, let gesture):
            return [TraceField("reason", .text(gesture.rawValue))]
        case .gesture(let gesture, _, let point, let source):
            return [TraceField("gesture", .text(gesture.rawValue))] + Self.point(point)
                + [TraceField("source", .text(source))]
        case .gestureEnd(let gesture, _, let position, let scale):
            return [TraceField("gesture", .text(gesture.rawValue))] + Self.point(position)
                + [TraceField("scale", .number(Double(scale)))]
        case .pinch(_, let from, let to, let requested):
            return [TraceField("from", .number(Double(from))), TraceField("to", .number(Double(to))),
                    TraceField("requested", .number(Double(requested))), TraceField("clamped", .flag(to != requested))]
        case .menu(_, let actions):
            return [TraceField("actions", .text(actions.map(\.text).joined(separator: ",")))]
        case .select(let kind, let source):
            return [TraceField("kind", .text(kind.rawValue)), TraceField("source", .text(source))]
        case .actionStart(let action, _, let cause, let duration):
            return [TraceField("action", .text(action.text)), TraceField("cause", .text(cause)),
                    TraceField("duration", .number(duration))]
        case .actionEnd(let action, _, let completed):
            return [TraceField("action", .text(action.text)), TraceField("completed", .flag(completed))]
        case .effectStart(let effect, _, let position, let duration, let cause):
            return [TraceField("effect", .text(effect.rawValue))] + (position.map(Self.point) ?? [])
                + [TraceField("duration", .number(duration)), TraceField("cause", .text(cause))]
        case .effectEnd(let effect, _, let position):
            return [TraceField("effect", .text(effect.rawValue))] + (position.map(Self.point) ?? [])
        case .expression(let kind, let strength, let threshold, let latency):
            return [TraceField("expression", .text(kind.rawValue)), TraceField("strength", .number(Double(strength))),
                    TraceField("threshold", .number(Double(threshold))), TraceField("latency", .number(latency))]
        case .clap(let source, let characters):
            return [TraceField("source", .text(source)), TraceField("characters", .integer(characters))]
        case .settings(let change, let source):
            return Self.fields(of: change) + [TraceField("source", .text(source))]
        case .refused(let input, let reason, _):
            return [TraceField("input", .text(input.name)), TraceField("reason", .text(reason.name))]
                + reason.details + input.details
        case .haptic(let kind, let character):
            return FeedbackEvent.haptic(kind, character: character).fields
        case .sound(let cue):
            return FeedbackEvent.sound(cue).fields
        case .particleCap(let dropped):
            return [TraceField("dropped", .integer(dropped))]
        case .ui(let event):
            return event.fields
        case .session(let event):
            return event.fields
        }
    }

    /// `x` and `y` of a canvas point.
    private static func point(_ point: Vec2) -> [TraceField] {
        [TraceField("x", .number(Double(point.x))), TraceField("y", .number(Double(point.y)))]
    }

    /// The settings a change sets, in the trace's order.
    private static func fields(of change: SettingsChange) -> [TraceField] {
        var fields: [TraceField] = []
        if let value = change.soundEnabled { fields.append(TraceField("sound", .flag(value))) }
        if let value = change.volume { fields.append(TraceField("volume", .number(value))) }
        if let value = change.faceTracking { fields.append(TraceField("face_tracking", .flag(value))) }
        if let value = change.sensitivity { fields.append(TraceField("sensitivity", .text(value.rawValue))) }
        if let value = change.reduceMotion { fields.append(TraceField("reduce_motion", .flag(value))) }
        if let value = change.highContrast { fields.append(TraceField("high_contrast", .flag(value))) }
        if let value = change.haptics { fields.append(TraceField("haptics", .flag(value))) }
        if let value = change.microphone { fields.append(TraceField("microphone", .flag(value))) }
        if let value = change.clapSensitivity { fields.append(TraceField("clap_sensitivity", .text(value.rawValue))) }
        if let value = change.clapCooldown { fields.append(TraceField("clap_cooldown", .number(value))) }
        if let value = change.expressionCooldown { fields.append(TraceField("expression_cooldown", .number(value))) }
        if let value = change.uiScale { fields.append(TraceField("ui_scale", .number(value))) }
        return fields
    }
}
