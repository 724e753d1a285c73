import ECS
import Effects

/// Where a gesture lands: a point on the canvas, or wherever a named character is then.
public enum GesturePoint: Sendable, Equatable {
    /// A point in the scene's canvas pixels.
    case point(Vec2)
    /// The middle of the character with this id, at the moment the gesture starts.
    case character(String)
}

/// What a pinch asks for.
public enum PinchChange: Sendable, Equatable {
    /// Reach this scale (before clamping to 0.5…2.0).
    case scale(Float)
    /// Multiply the current scale by this factor (before clamping).
    case factor(Float)
}

/// Who performs an action.
public enum ActionTarget: Sendable, Equatable {
    /// Every character present.
    case all
    /// The character with this id.
    case character(String)
}

/// Where an effect is placed.
public enum EffectPlace: Sendable, Equatable {
    /// Following the character with this id.
    case character(String)
    /// At a fixed point in the scene's canvas pixels.
    case point(Vec2)
    /// Over the whole canvas (snow falling everywhere).
    case canvas
}

/// The face expressions the app recognises.
public enum ExpressionKind: String, CaseIterable, Sendable, Codable {
    case smile
    case eyebrowsRaised = "eyebrows_raised"
    case mouthOpen = "mouth_open"
}

/// A face expression's strength over a span of time: it rises linearly over `ramp`, holds
/// `peak`, and falls over `ramp` at the end of `duration`.
public struct ExpressionCurve: Sendable, Equatable {
    /// Which expression.
    public var kind: ExpressionKind
    /// When the span starts, in scene seconds.
    public var start: Double
    /// Length of the span, in seconds.
    public var duration: Double
    /// Strongest blend-shape value, 0…1.
    public var peak: Float
    /// Time to rise from 0 to `peak` (and to fall back), in seconds.
    public var ramp: Double

    /// A curve from its parts.
    public init(kind: ExpressionKind, start: Double, duration: Double, peak: Float, ramp: Double) {
        self.kind = kind
        self.start = start
        self.duration = duration
        self.peak = peak
        self.ramp = ramp
    }

    /// The strength at scene time `time` (0 outside the span).
    public func strength(at time: Double) -> Float {
        let local = time - start
        guard local >= 0, local <= duration else { return 0 }
        let ramp = min(self.ramp, duration / 2)
        if ramp <= 0 { return peak }
        let rise = min(local / ramp, 1)
        let fall = min((duration - local) / ramp, 1)
        return peak * Float(min(rise, fall))
    }
}

/// One input to the scene: a gesture, a choice, a face, a clap or a settings change. The
/// timeline feeds these, and so can a live source (a microphone hearing a clap).
public enum SceneInput: Sendable, Equatable {
    /// Choose the character the next tap spawns.
    case select(CharacterKind)
    /// A tap: spawns on empty floor (with `newID` if given), selects a character it hits.
    case tap(at: Vec2, newID: String?)
    /// A finger moving the character under `from` to `to` over `duration` seconds.
    case drag(from: GesturePoint, to: Vec2, duration: Double)
    /// Two fingers scaling the character under `on` over `duration` seconds.
    case pinch(on: GesturePoint, change: PinchChange, duration: Double)
    /// A finger held on a character for `duration` seconds, then its action menu opens.
    case longPress(on: GesturePoint, duration: Double)
    /// A double tap: a random action.
    case doubleTap(on: GesturePoint)
    /// A two-finger tap: the character vanishes.
    case twoFingerTap(on: GesturePoint)
    /// An action button or script: `action` on `target`.
    case action(ActionName, target: ActionTarget)
    /// An effect button or script: `effect` at `place`, emitting for `duration` seconds (nil:
    /// its own), over for good at `end` when one is given, with `amount`'s density and speed.
    case effect(EffectKind, place: EffectPlace, duration: Double?, end: EffectEnd? = nil, amount: EffectAmount = .standard)
    /// A live face-tracking sample: this expression's strength from now on.
    case expression(ExpressionKind, strength: Float)
    /// A scripted expression over a span of time.
    case expressionCurve(ExpressionCurve)
    /// A loud clap: every character jumps.
    case clap
    /// Some settings change.
    case settings(SettingsChange)
    /// Something on the app's screen: a screen, a caption, a menu pick, the HUD's parts.
    case ui(UIInput)

    /// The input's name in the trace and in scene files.
    public var name: String {
        switch self {
        case .select: return "select"
        case .tap: return "tap"
        case .drag: return "drag"
        case .pinch: return "pinch"
        case .longPress: return "long_press"
        case .doubleTap: return "double_tap"
        case .twoFingerTap: return "two_finger_tap"
        case .action: return "action"
        case .effect: return "effect"
        case .expression, .expressionCurve: return "expression"
        case .clap: return "clap"
        case .settings: return "settings"
        case .ui(let input): return input.name
        }
    }
}
