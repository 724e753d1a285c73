/// Why the demo cannot start, in one line that names the problem (the tool adds which option helps).
public enum KioskError: Error, Equatable, CustomStringConvertible {
    /// No X display to show the window on.
    case noDisplay
    /// A file the demo writes (its trace) cannot be written.
    case unwritable(String)
    /// The game failed to start (the child saw the "taking a nap" screen meanwhile); why, in
    /// the game's words.
    case gameDidNotStart(String)
    /// The live stream of camera detections cannot be opened (`--cv-stream`).
    case cvStream(String)

    public var description: String {
        switch self {
        case .noDisplay: return "no X display: DISPLAY is not set"
        case .unwritable(let message): return message
        case .gameDidNotStart(let reason): return "the game did not start: \(reason)"
        case .cvStream(let message): return "the camera stream: " + message
        }
    }
}
