import ECS
import Effects

/// A finger's mark on the screen, in the scene's canvas pixels: where it starts and ends
/// and, for two fingers, how far apart they are at the start and at the end.
struct TouchMark: Sendable, Equatable {
    var gesture: GestureKind
    var start: Double
    var duration: Double
    var from: Vec2
    var to: Vec2
    var spreadFrom: Float = 0
    var spreadTo: Float = 0
}

/// A mark the scene leaves where a tap landed: the circle where she appears, or the ripple
/// of a refused spawn.
struct SpawnMark: Sendable, Equatable {
    var at: Vec2
    var start: Double
    /// The character who appears; nil for a refusal.
    var kind: CharacterKind?
}

/// The long-press menu: whose it is, when it opened, and what was picked from it.
struct MenuState: Sendable, Equatable {
    var character: String
    var kind: CharacterKind
    /// What it offers, as the trace's `menu` line lists it.
    var actions: [ActionName]
    var opened: Double
    var picked: ActionName?
    /// When it was picked or dismissed (it fades out from then).
    var closed: Double?
}

/// A screen card, open or closing, at a page (and the page it turned from).
struct ScreenState: Sendable, Equatable {
    var screen: UIScreen
    var page: Int
    var opened: Double
    var previousPage: Int?
    var turned: Double = 0
    var closed: Double?
}

/// The app's screen over the scene (a world resource, present only when the scene has a
/// `hud:` section): everything the HUD draws is decided here, in simulation time.
struct HUDState: Sendable {
    var configuration: HUDConfiguration
    var screen: ScreenState?
    var closingScreen: ScreenState?
    var captions: [(caption: Caption, start: Double)] = []
    var menu: MenuState?
    /// Per button (in `HUDButton.allCases` order): last press, last start of its action or
    /// effect, and until when its effect runs.
    var pressed = [Double?](repeating: nil, count: HUDButton.allCases.count)
    var started = [Double?](repeating: nil, count: HUDButton.allCases.count)
    var activeUntil = [Double](repeating: -1, count: HUDButton.allCases.count)
    var selected: CharacterKind
    var previousSelected: CharacterKind?
    var selectedAt: Double = -10
    var touches: [TouchMark] = []
    var spawnMarks: [SpawnMark] = []
    /// Whether the onboarding's "Don't show again" box is ticked.
    var dontShowOnboarding: Bool

    /// How long marks stay after their gesture ends, in seconds.
    static let markFade = 0.45
    /// How long a spawn preview or a refusal ripple shows.
    static let spawnMarkLife = 0.7

    init(configuration: HUDConfiguration, selected: CharacterKind) {
        self.configuration = configuration
        self.selected = selected
        dontShowOnboarding = configuration.dontShowOnboarding
        // An app told not to show the onboarding again opens past it.
        if let screen = configuration.screen, !(screen == .onboarding && dontShowOnboarding) {
            self.screen = ScreenState(screen: screen, page: configuration.page, opened: -10)
        }
    }

    static func slot(_ button: HUDButton) -> Int { HUDButton.allCases.firstIndex(of: button)! }

    /// Forgets marks, captions and closed cards nobody can see any more.
    mutating func prune(at time: Double) {
        touches.removeAll { time > $0.start + $0.duration + Self.markFade }
        spawnMarks.removeAll { time > $0.start + Self.spawnMarkLife }
        captions.removeAll { time > $0.start + $0.caption.duration }
        if let closed = closingScreen?.closed, time > closed + 1 { closingScreen = nil }
        if let closed = menu?.closed, time > closed + 1 { menu = nil }
    }
}
