import ECS
import Effects

/// The app's screen at one moment, as the renderer draws it over the scene. Pure data;
/// positions are output pixels, sizes of the HUD's own parts are in points (`scale`
/// pixels each).
public struct HUDSnapshot: Sendable, Equatable {
    /// Output pixels per point of the phone's screen.
    public var scale: Float
    /// The character picker, when shown.
    public var picker: PickerView?
    /// The action bar's buttons (effects row, then actions row); empty when hidden.
    public var buttons: [ButtonView]
    /// Fingers, trails, spawn previews and refusal ripples.
    public var touches: [TouchView]
    /// The long-press menu, when open or fading.
    public var menu: MenuView?
    /// Captions showing.
    public var captions: [CaptionView]
    /// The screen cards showing (a closing one under an opening one).
    public var screens: [ScreenView]
    /// The live settings (the settings screen shows them).
    public var settings: SceneSettings

    /// A snapshot from its parts.
    public init(scale: Float, picker: PickerView?, buttons: [ButtonView], touches: [TouchView], menu: MenuView?,
                captions: [CaptionView], screens: [ScreenView], settings: SceneSettings) {
        self.scale = scale
        self.picker = picker
        self.buttons = buttons
        self.touches = touches
        self.menu = menu
        self.captions = captions
        self.screens = screens
        self.settings = settings
    }
}

/// The picker: which card is chosen, and how far its selection animation is.
public struct PickerView: Sendable, Equatable {
    /// The chosen character.
    public var selected: CharacterKind
    /// The one chosen before, while the selection animates.
    public var previous: CharacterKind?
    /// Progress of the selection animation, 0…1 (1 when settled).
    public var progress: Float
}

/// One action-bar button and its state.
public struct ButtonView: Sendable, Equatable {
    /// Which button.
    public var button: HUDButton
    /// Its size factor now: below 1 while pressed, above 1 in a bounce, 1 at rest.
    public var scale: Float
    /// False when nothing could act (no character on the floor).
    public var enabled: Bool
    /// Pulse of the hint, 0…1 (0 when it is not the hint).
    public var hint: Float
    /// Whether its effect is running.
    public var active: Bool
}

/// A finger's mark or the scene's answer to a tap.
public struct TouchView: Sendable, Equatable {
    /// What is drawn.
    public enum Kind: Sendable, Equatable {
        /// A soft fingertip dot at `at`.
        case finger
        /// A drag's trail from `from` to `at`.
        case trail
        /// An expanding ring at `at` (a tap landing).
        case ring
        /// A ring filling as a long press holds.
        case hold
        /// The circle where a princess appears.
        case preview(CharacterKind)
        /// The ripple of a refused spawn.
        case ripple
    }
    /// What is drawn.
    public var kind: Kind
    /// Where (output pixels).
    public var at: Vec2
    /// Where a trail starts (output pixels; `at` for the others).
    public var from: Vec2
    /// Progress of its animation, 0…1.
    public var progress: Float
    /// Opacity, 0…1.
    public var alpha: Float
}

/// The long-press menu around a princess.
public struct MenuView: Sendable, Equatable {
    /// The middle of the princess (output pixels).
    public var center: Vec2
    /// Her height (output pixels), which the ring of items clears.
    public var height: Float
    /// Whose theme colours it wears.
    public var kind: CharacterKind
    /// The items, in order around the arc: the built-in five, then the scene's moves.
    public var actions: [ActionName]
    /// How far it has opened (0…1), or faded when closing.
    public var presence: Float
    /// The item picked, shown pressed.
    public var picked: ActionName?
}

/// A caption on screen.
public struct CaptionView: Sendable, Equatable {
    /// The words.
    public var text: String
    /// Where it is centred (output pixels), or nil for a named place.
    public var point: Vec2?
    /// The named place when `point` is nil.
    public var place: CaptionPlace
    /// Opacity, 0…1.
    public var alpha: Float
    /// Its size factor (a little pop as it appears; 1 with reduce motion).
    public var scale: Float
}

/// A full-screen card and where its transition is.
public struct ScreenView: Sendable, Equatable {
    /// Which screen.
    public var screen: UIScreen
    /// Its page, from 1.
    public var page: Int
    /// The page it is turning from, while turning.
    public var previousPage: Int?
    /// Progress of the page turn, 0…1.
    public var turn: Float
    /// How far it is in: 0 off screen, 1 in place (may overshoot a little in the spring).
    public var presence: Float
    /// Opacity (reduce motion crossfades instead of sliding).
    public var alpha: Float
    /// Whether its "Don't show again" box is ticked (the onboarding's last page has one).
    public var ticked = false
}
