import Drawing
import Trace

/// What goes wrong while a child plays, worded as the studio's platform document (reference
/// 003) words it for children: simple, no technical codes, saying what a child (or a grown-up)
/// can do. Each has a machine id, which only the trace carries (`game_error` with `reason`),
/// and all but a failing sound are shown full-screen with the shared message-screen widget.
public enum ChildFacingError: String, CaseIterable, Sendable {
    /// The camera may not be used (the camera-permission alert of the platform document).
    case cameraPermissionDenied = "camera_permission_denied"
    /// There is no working camera.
    case cameraUnavailable = "camera_unavailable"
    /// The camera was found but would not start (the platform document's `initializationFailed`).
    case cameraStartFailed = "camera_initialization_failed"
    /// The game could not be loaded or started.
    case gameFailedToStart = "game_failed_to_start"
    /// Sound cannot be played: play goes on silently, and nothing is shown.
    case audioFailed = "audio_failed"

    /// The trace's event for every one of them.
    public static let traceEventName = "game_error"

    /// The trace's words for them, for a game's or the kiosk's vocabulary.
    public static let vocabulary = TraceVocabulary(events: [(traceEventName, ["reason", "detail"])], settings: [])

    /// The machine id the trace writes as `reason`.
    public var reason: String { rawValue }

    /// The one the CV bus's camera failure `name` stands for (`permission_denied`, `unavailable`,
    /// `initialization_failed`); nil for another name.
    public init?(cameraFailure name: String) {
        switch name {
        case "permission_denied": self = .cameraPermissionDenied
        case "unavailable": self = .cameraUnavailable
        case "initialization_failed": self = .cameraStartFailed
        default: return nil
        }
    }

    /// The heading of its screen.
    public var title: String {
        switch self {
        case .cameraPermissionDenied: return "Camera Needed"
        case .cameraUnavailable, .cameraStartFailed: return "No Camera"
        case .gameFailedToStart: return "Nap Time"
        case .audioFailed: return "No Sound"
        }
    }

    /// The sentence a child sees (or, for sound, the one line the log says), as the platform document words it.
    public var message: String {
        switch self {
        case .cameraPermissionDenied: return "This game needs the camera to see your toys! Ask a grown-up to help turn it on."
        case .cameraUnavailable, .cameraStartFailed: return "Camera not working. Try another game!"
        case .gameFailedToStart: return "Oops! This game is taking a nap. Try another one!"
        case .audioFailed: return "Audio failed, continuing silently"
        }
    }

    /// Whether it takes the screen: every one but sound, which lets play go on (the platform document's
    /// graceful degradation).
    public var showsScreen: Bool { self != .audioFailed }

    /// Its screen, for the shared message-screen widget.
    package var screen: MessageScreen {
        let icon: MessageScreen.Icon
        switch self {
        case .cameraPermissionDenied, .cameraUnavailable, .cameraStartFailed: icon = .camera
        case .gameFailedToStart: icon = .sleeping
        case .audioFailed: icon = .soundOff
        }
        return MessageScreen(icon: icon, title: title, message: message)
    }

    /// Its trace line at `t` seconds, frame `frame`; `detail` (the technical cause, for whoever
    /// reads the trace, never shown to the child) is written when given.
    public func traceEvent(t: Double, frame: Int, detail: String? = nil) -> TraceEvent {
        var fields = [TraceField("reason", .text(reason))]
        if let detail { fields.append(TraceField("detail", .text(detail))) }
        return TraceEvent(t: t, frame: frame, event: Self.traceEventName, fields: fields)
    }

    /// Draws its screen over the whole canvas, in `theme`: the one call a game's painter makes.
    package func paint(on canvas: DrawingContext, theme: WidgetTheme = .playful) {
        screen.drawFullScreen(on: canvas, theme: theme)
    }
}
