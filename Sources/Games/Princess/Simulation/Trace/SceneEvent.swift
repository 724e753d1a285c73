import Feedback
import ECS
import Effects
import Vocabulary

/// One thing that happened in the scene, typed: what the systems record and what the
/// trace line is written from (see `name` and `fields`, and docs/trace-format.md).
/// Positions are in the scene's canvas pixels.
public enum SceneEvent: Sendable, Equatable {
    /// A character appears; `cause` is `scene` (the starting cast) or `tap`.
    case spawn(CharacterKind, character: String, position: Vec2, scale: Float, cause: String)
    /// A character starts vanishing, removed by `by`; she is gone 0.5 s later.
    case remove(character: String, by: GestureKind)
    /// A gesture lands at `at`, on `character` if one is under the finger.
    case gesture(GestureKind, character: String?, at: Vec2, source: String)
    /// The finger of a drag or pinch lifts; where she stands and her scale then.
    case gestureEnd(GestureKind, character: String, position: Vec2, scale: Float)
    /// A pinch's target scale: `requested`, and `to` after clamping to `Placement.scaleRange`.
    case pinch(character: String, from: Float, to: Float, requested: Float)
    /// A long press opened the character's action menu, listing `actions`.
    case menu(character: String, actions: [ActionName])
    /// The character kind for the next tap is chosen.
    case select(CharacterKind, source: String)
    /// An action starts; `cause` is `timeline`, a live source, `double_tap`, `expression` or `clap`.
    case actionStart(ActionName, character: String, cause: String, duration: Double)
    /// An action ends, `completed` false when replaced or when she vanished.
    case actionEnd(ActionName, character: String, completed: Bool)
    /// An effect starts, following `character` when it does; at `position` unless it
    /// covers the whole canvas; `duration` 0… (the emitter's lifetime).
    case effectStart(EffectKind, character: String?, position: Vec2?, duration: Double, cause: String)
    /// An effect with an end (`until` or `visible`) reaches it: its last particles are gone.
    case effectEnd(EffectKind, character: String?, position: Vec2?)
    /// A face expression fires, `latency` seconds after its strength crossed `threshold`.
    case expression(ExpressionKind, strength: Float, threshold: Float, latency: Double)
    /// A clap is heard from `source`; `characters` of them jump.
    case clap(source: String, characters: Int)
    /// Settings change (only the settings in `change`), from `source`.
    case settings(SettingsChange, source: String)
    /// An input is turned down, and why; `character` when one was named or found.
    case refused(RefusedInput, reason: RefusalReason, character: String?)
    /// A haptic would play (never while reduce motion is on).
    case haptic(HapticKind, character: String?)
    /// A sound cue plays (never while sound is off).
    case sound(SoundCue)
    /// Particles were dropped at the scene-wide cap.
    case particleCap(dropped: Int)
    /// Something happened on the app's screen (the HUD).
    case ui(UIEvent)
    /// Something a peer of a shared session did with the network.
    case session(SessionEvent)

    /// The id of the character concerned, if one is.
    public var character: String? {
        switch self {
        case .spawn(_, let character, _, _, _), .remove(let character, _), .gestureEnd(_, let character, _, _),
             .pinch(let character, _, _, _), .menu(let character, _), .actionStart(_, let character, _, _),
             .actionEnd(_, let character, _):
            return character
        case .gesture(_, let character, _, _), .effectStart(_, let character, _, _, _), .effectEnd(_, let character, _),
             .refused(_, _, let character),
             .haptic(_, let character):
            return character
        case .sound(let cue):
            return cue.character
        case .ui(let event):
            return event.character
        case .select, .expression, .clap, .settings, .particleCap:
            return nil
        case .session(let event):
            return event.character
        }
    }
}
