/// Why a frame could not be drawn, in one line.
public enum RenderError: Error, Equatable, CustomStringConvertible {
    /// The canvas size cannot be allocated (zero, negative or absurd).
    case badCanvas(width: Int, height: Int)

    public var description: String {
        switch self {
        case let .badCanvas(width, height): return "cannot draw a \(width)x\(height) canvas"
        }
    }
}
