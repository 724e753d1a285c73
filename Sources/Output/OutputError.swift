/// Why frames or sound could not be delivered; each says in one line what went wrong, in the
/// words of the output, never of a command line.
public enum OutputError: Error, Equatable, CustomStringConvertible {
    /// A program the sink needs is not installed (for example ffmpeg).
    case toolMissing(String)
    /// A program the sink runs failed; the message carries its last line of complaint.
    case toolFailed(String)
    /// The output cannot be written (a folder that cannot be made, a full disk, no permission).
    case unwritable(String)
    /// A signal (Ctrl-C, SIGTERM, SIGHUP) stopped the work; nothing was left behind.
    case interrupted(signal: Int32)

    /// The shell's exit status for an interrupted run: 128 plus the signal.
    public var exitStatus: Int32? {
        if case .interrupted(let signal) = self { return 128 + signal }
        return nil
    }

    public var description: String {
        switch self {
        case let .toolMissing(message), let .toolFailed(message), let .unwritable(message): return message
        case .interrupted:
            return "interrupted by \(signalName ?? ""); nothing was written"
        }
    }

    /// The signal that interrupted the run (`SIGINT`), nil for another error.
    public var signalName: String? {
        guard case .interrupted(let signal) = self else { return nil }
        return [2: "SIGINT", 15: "SIGTERM", 1: "SIGHUP"][signal] ?? "signal \(signal)"
    }
}
