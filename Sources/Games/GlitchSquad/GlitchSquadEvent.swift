import Feedback
import Trace

/// The screens of the flow, in the order a mission goes through them.
public enum GlitchSquadPhase: String, Sendable, CaseIterable {
    case hook, base, briefing, hunt, capture, reward
}

/// What Glitch Squad writes in its trace.
public enum GlitchSquadEvent: TraceableEvent, Equatable {
    /// The flow moved from one screen to the next, and why (`auto`, `press`, `hold`, `timeout`, `give_up`).
    case phase(from: GlitchSquadPhase?, to: GlitchSquadPhase, cause: String, mission: Int)
    /// Pixel speaks a line (its sound is `sound` in the scene's bank).
    case speech(text: String, sound: String)
    /// A button was pressed (by the timeline or a finger).
    case press(button: String, source: String)
    /// The briefing's button accepted the mission.
    case accept(label: String)
    /// The hunt's timer ticked: seconds left, and seconds since the tick before (1, or 0 for the first).
    case tick(remaining: Int, interval: Double)
    /// The camera saw a fruit: the target (a green box once over 0.8) or another (a white box).
    case sighted(label: String, confidence: Double, target: Bool)
    /// The target's confidence went over 0.8, held: the green box, "TARGET ACQUIRED! HOLD STEADY...".
    case acquired(label: String, confidence: Double)
    /// The hold was broken before its end: the confidence dipped, the box drifted, or the hunt ended.
    case holdReset(label: String, reason: String, heldSteps: Int)
    /// Auto-capture: "TARGET LOCKED", after `heldSteps` steps held steady.
    case capture(label: String, heldSteps: Int, target: Bool)
    /// Pixel's battery changed with the mission's win.
    case battery(from: Int, to: Int, mission: Int)
    /// The reward card gave Glitch Bits.
    case reward(coins: Int, total: Int, mission: Int)
    /// What the campaign keeps was handed to the profile.
    case save(currentMissionIndex: Int, totalCoins: Int, isBaseRepaired: Bool)
    /// A press did nothing: the screen it came on and why (one of `refusalReasons`).
    case refused(button: String, phase: GlitchSquadPhase, reason: String, source: String)

    /// Why a press did nothing: that screen has no such button, or the run's one mission is
    /// already won or over (timed out, given up).
    static let refusalReasons = ["no_button", "mission_won", "mission_over"]

    public var name: String {
        switch self {
        case .phase: return "phase"
        case .speech: return "speech"
        case .press: return "press"
        case .accept: return "accept"
        case .tick: return "tick"
        case .sighted: return "sighted"
        case .acquired: return "acquired"
        case .holdReset: return "hold_reset"
        case .capture: return "capture"
        case .battery: return "battery"
        case .reward: return "reward"
        case .save: return "save"
        case .refused: return "refused"
        }
    }

    public var character: String? { nil }

    public var fields: [TraceField] {
        switch self {
        case let .phase(from, to, cause, mission):
            return [TraceField("from", .text(from?.rawValue ?? "none")), TraceField("to", .text(to.rawValue)),
                    TraceField("cause", .text(cause)), TraceField("mission", .integer(mission))]
        case let .speech(text, sound):
            return [TraceField("text", .text(text)), TraceField("sound", .text(sound))]
        case let .press(button, source):
            return [TraceField("button", .text(button)), TraceField("source", .text(source))]
        case let .accept(label):
            return [TraceField("label", .text(label))]
        case let .tick(remaining, interval):
            return [TraceField("remaining", .integer(remaining)), TraceField("interval", .number(interval))]
        case let .sighted(label, confidence, target):
            return [TraceField("label", .text(label)), TraceField("confidence", .number(confidence)), TraceField("target", .flag(target))]
        case let .acquired(label, confidence):
            return [TraceField("label", .text(label)), TraceField("confidence", .number(confidence))]
        case let .holdReset(label, reason, heldSteps):
            return [TraceField("label", .text(label)), TraceField("reason", .text(reason)), TraceField("held_steps", .integer(heldSteps))]
        case let .capture(label, heldSteps, target):
            return [TraceField("label", .text(label)), TraceField("held_steps", .integer(heldSteps)), TraceField("target", .flag(target))]
        case let .battery(from, to, mission):
            return [TraceField("from", .integer(from)), TraceField("to", .integer(to)), TraceField("mission", .integer(mission))]
        case let .reward(coins, total, mission):
            return [TraceField("coins", .integer(coins)), TraceField("total", .integer(total)),
                    TraceField("mission", .integer(mission))]
        case let .save(index, coins, repaired):
            return [TraceField("currentMissionIndex", .integer(index)), TraceField("totalCoins", .integer(coins)),
                    TraceField("isBaseRepaired", .flag(repaired))]
        case let .refused(button, phase, reason, source):
            return [TraceField("button", .text(button)), TraceField("phase", .text(phase.rawValue)), TraceField("reason", .text(reason)),
                    TraceField("source", .text(source))]
        }
    }

    /// Every event with its fields, the closed sets of values and the number fields.
    static let vocabulary = TraceVocabulary(events: [
        ("phase", ["from", "to", "cause", "mission"]),
        ("speech", ["text", "sound"]),
        ("press", ["button", "source"]),
        ("accept", ["label"]),
        ("tick", ["remaining", "interval"]),
        ("sighted", ["label", "confidence", "target"]),
        ("acquired", ["label", "confidence"]),
        ("hold_reset", ["label", "reason", "held_steps"]),
        ("capture", ["label", "held_steps", "target"]),
        ("battery", ["from", "to", "mission"]),
        ("reward", ["coins", "total", "mission"]),
        ("save", ["currentMissionIndex", "totalCoins", "isBaseRepaired"]),
        ("refused", ["button", "phase", "reason", "source"]),
    ], settings: GlitchSquadSceneDecoder.settingKeys, values: [
        "phase": ["from": ["none"] + GlitchSquadPhase.allCases.map(\.rawValue), "to": GlitchSquadPhase.allCases.map(\.rawValue),
                  "cause": ["start", "auto", "press", "hold", "timeout", "give_up"]],
        "press": ["button": GlitchSquadButton.allCases.map(\.rawValue)],
        "refused": ["button": GlitchSquadButton.allCases.map(\.rawValue), "phase": GlitchSquadPhase.allCases.map(\.rawValue),
                    "reason": refusalReasons],
        "accept": ["label": GlitchSquadButtonLabel.allCases.map(\.text)],
        "hold_reset": ["reason": ["dip", "drift", "ended"]],
        "sighted": ["label": GlitchSquadMission.fruits, "target": ["true", "false"]],
        "acquired": ["label": GlitchSquadMission.fruits],
        "capture": ["label": GlitchSquadMission.fruits, "target": ["true", "false"]],
    ], numbers: [
        "phase": ["mission"], "tick": ["remaining", "interval"], "sighted": ["confidence"], "acquired": ["confidence"],
        "hold_reset": ["held_steps"], "capture": ["held_steps"], "battery": ["from", "to", "mission"],
        "reward": ["coins", "total", "mission"], "save": ["currentMissionIndex", "totalCoins"],
    ]).merged(with: FeedbackEvent.vocabulary)
}
