/// The scene file's `hud:` section: which parts of the app's screen are drawn over the
/// scene, and how many points of the phone's screen the canvas is wide.
public struct HUDConfiguration: Sendable, Equatable {
    /// The character picker's five cards along the bottom.
    public var picker: Bool
    /// The two rows of round buttons.
    public var actionBar: Bool
    /// Fingers, drag trails, the spawn preview and the refusal ripple.
    public var touches: Bool
    /// Points across the canvas: 390 (an iPhone held upright) unless the scene says otherwise.
    public var pointsWide: Double
    /// The button that pulses as a hint, if any.
    public var hint: HUDButton?
    /// The screen open when the scene starts, if any, at `page`.
    public var screen: UIScreen?
    /// The page of `screen` shown at the start, from 1.
    public var page: Int
    /// The onboarding's "Don't show again", as a profile kept it (never from the scene file):
    /// the app then does not open on the onboarding.
    public var dontShowOnboarding = false

    /// The brief's phone width in points.
    public static let phonePointsWide = 390.0

    /// A configuration from its parts (every part shown, no hint, no screen by default).
    public init(picker: Bool = true, actionBar: Bool = true, touches: Bool = true,
                pointsWide: Double = HUDConfiguration.phonePointsWide, hint: HUDButton? = nil,
                screen: UIScreen? = nil, page: Int = 1) {
        self.picker = picker
        self.actionBar = actionBar
        self.touches = touches
        self.pointsWide = pointsWide
        self.hint = hint
        self.screen = screen
        self.page = page
    }

    /// This configuration with `change` applied.
    public func applying(_ change: HUDChange) -> HUDConfiguration {
        var result = self
        if let value = change.picker { result.picker = value }
        if let value = change.actionBar { result.actionBar = value }
        if let value = change.touches { result.touches = value }
        if let value = change.hint { result.hint = value }
        return result
    }
}

/// A timeline entry's `hud:` change: only the parts it names change.
public struct HUDChange: Sendable, Equatable {
    /// Show or hide the picker.
    public var picker: Bool?
    /// Show or hide the action bar.
    public var actionBar: Bool?
    /// Show or hide the touch markers.
    public var touches: Bool?
    /// The new hint: `.some(nil)` stops the pulsing (`hint: none`).
    public var hint: HUDButton??

    /// A change from its parts (nil: unchanged).
    public init(picker: Bool? = nil, actionBar: Bool? = nil, touches: Bool? = nil, hint: HUDButton?? = nil) {
        self.picker = picker
        self.actionBar = actionBar
        self.touches = touches
        self.hint = hint
    }
}
