/// A sound file that could not be written or read, with a message a person can act on.
public enum AudioFileError: Error, Equatable, CustomStringConvertible {
    /// The file could not be created or written.
    case cannotWrite(path: String, reason: String)
    /// The file could not be opened.
    case cannotRead(path: String, reason: String)
    /// The file is not a WAV file this reader understands.
    case unsupported(path: String, reason: String)

    /// One line.
    public var description: String {
        switch self {
        case let .cannotWrite(path, reason): "cannot write \(path): \(reason)"
        case let .cannotRead(path, reason): "cannot read \(path): \(reason)"
        case let .unsupported(path, reason): "\(path): \(reason)"
        }
    }
}
