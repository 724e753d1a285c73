import Effects

/// A timeline input aimed at the app's screen rather than the scene: screens, captions,
/// the long-press menu and the HUD's parts.
public enum UIInput: Sendable, Equatable {
    /// Open `screen` at `page` (or turn to `page` when it is already open).
    case open(UIScreen, page: Int)
    /// Close the open screen.
    case close
    /// Show a caption.
    case caption(Caption)
    /// Pick `action` from the open long-press menu: she starts it.
    case menuPick(ActionName)
    /// Show, hide or hint parts of the HUD.
    case hud(HUDChange)
    /// Tick (or untick) the onboarding's "Don't show again" box, on its last page.
    case dontShowAgain(Bool)

    /// Its key in scene files and its name in the trace's refusals.
    public var name: String {
        switch self {
        case .open: return "open"
        case .close: return "close"
        case .caption: return "caption"
        case .menuPick: return "menu_pick"
        case .hud: return "hud"
        case .dontShowAgain: return "dont_show_again"
        }
    }
}
