/// Why a frame could not be drawn or delivered; each says in one line what went wrong.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// The canvas size cannot be allocated (zero, negative or absurd).
    case badCanvas(width: Int, height: Int)
    /// A program the sink needs is not installed (for example ffmpeg).
    case toolMissing(String)
    /// A program the sink runs failed; the message carries its last line of complaint.
    case toolFailed(String)
    /// The output cannot be written (a folder that cannot be made, a full disk, no permission).
    case unwritable(String)

    public var description: String {
        switch self {
        case let .badCanvas(width, height): return "cannot draw a \(width)x\(height) canvas"
        case let .toolMissing(message), let .toolFailed(message), let .unwritable(message): return message
        }
    }
}
