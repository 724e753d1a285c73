/// Why frames or sound could not be delivered; each says in one line what went wrong, in the
/// words of the output, never of a command line.
public enum OutputError: Error, Equatable, CustomStringConvertible {
    /// A program the sink needs is not installed (for example ffmpeg).
    case toolMissing(String)
    /// A program the sink runs failed; the message carries its last line of complaint.
    case toolFailed(String)
    /// The output cannot be written (a folder that cannot be made, a full disk, no permission).
    case unwritable(String)

    public var description: String {
        switch self {
        case let .toolMissing(message), let .toolFailed(message), let .unwritable(message): return message
        }
    }
}
