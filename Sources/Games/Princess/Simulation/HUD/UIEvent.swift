import Effects
import Trace

/// Something that happened on the app's screen, traced like the scene's own events
/// (docs/trace-format.md): `ui_open`, `ui_close`, `button`, `menu_pick`, `caption`, `hud`.
public enum UIEvent: Sendable, Equatable {
    /// A screen opens (or turns to `page`).
    case open(UIScreen, page: Int, source: String)
    /// A screen closes.
    case close(UIScreen, source: String)
    /// An action-bar button is pressed; `enabled` false when nothing could act on it.
    case button(HUDButton, enabled: Bool, source: String)
    /// An item of the long-press menu is picked for `character`.
    case menuPick(ActionName, character: String, source: String)
    /// A caption shows.
    case caption(text: String, duration: Double, source: String)
    /// Parts of the HUD are shown, hidden or hinted.
    case hud(HUDChange, source: String)
    /// The onboarding's "Don't show again" box is ticked (`checked`) or unticked.
    case dontShowAgain(checked: Bool, source: String)

    /// The trace's name for it.
    public var name: String {
        switch self {
        case .open: return "ui_open"
        case .close: return "ui_close"
        case .button: return "button"
        case .menuPick: return "menu_pick"
        case .caption: return "caption"
        case .hud: return "hud"
        case .dontShowAgain: return "dont_show_again"
        }
    }

    /// The character concerned, if one is.
    public var character: String? {
        if case .menuPick(_, let character, _) = self { return character }
        return nil
    }

    /// Its fields after `character`, in the order docs/trace-format.md lists them.
    public var fields: [TraceField] {
        switch self {
        case .open(let screen, let page, let source):
            return [TraceField("screen", .text(screen.rawValue)), TraceField("page", .integer(page)),
                    TraceField("source", .text(source))]
        case .close(let screen, let source):
            return [TraceField("screen", .text(screen.rawValue)), TraceField("source", .text(source))]
        case .button(let button, let enabled, let source):
            return [TraceField("button", .text(button.rawValue)), TraceField("enabled", .flag(enabled)),
                    TraceField("source", .text(source))]
        case .menuPick(let action, _, let source):
            return [TraceField("action", .text(action.text)), TraceField("source", .text(source))]
        case .caption(let text, let duration, let source):
            return [TraceField("text", .text(text)), TraceField("duration", .number(duration)),
                    TraceField("source", .text(source))]
        case .hud(let change, let source):
            var fields: [TraceField] = []
            if let value = change.picker { fields.append(TraceField("picker", .flag(value))) }
            if let value = change.actionBar { fields.append(TraceField("action_bar", .flag(value))) }
            if let value = change.touches { fields.append(TraceField("touches", .flag(value))) }
            if let value = change.hint { fields.append(TraceField("hint", .text(value?.rawValue ?? "none"))) }
            return fields + [TraceField("source", .text(source))]
        case .dontShowAgain(let checked, let source):
            return [TraceField("checked", .flag(checked)), TraceField("source", .text(source))]
        }
    }
}
