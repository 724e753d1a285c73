/// How a move's value travels from one key to the next (the easing written on the first of
/// the two, as CSS keyframes do).
public enum KeyEasing: Sendable, Equatable {
    /// At an even pace.
    case linear
    /// Along a timing curve (`ease`, `ease-in`, `ease-out`, `ease-in-out`, `cubic-bezier(…)`).
    case curve(CubicBezier)
    /// Stays at this key's value, then jumps to the next key's at its moment.
    case hold

    /// The names a moves file may write, besides `cubic-bezier(x1, y1, x2, y2)`.
    public static let names = ["linear", "ease", "ease-in", "ease-out", "ease-in-out", "hold"]

    /// The easing `text` names; nil for a text that is none of them.
    public init?(_ text: String) {
        switch text {
        case "linear": self = .linear
        case "ease": self = .curve(.ease)
        case "ease-in": self = .curve(.easeIn)
        case "ease-out": self = .curve(.easeOut)
        case "ease-in-out": self = .curve(.easeInOut)
        case "hold": self = .hold
        default:
            guard let curve = Self.bezier(text) else { return nil }
            self = .curve(curve)
        }
    }

    /// `cubic-bezier(x1, y1, x2, y2)` as CSS writes it (spaces optional), with the x's in 0…1.
    static func bezier(_ text: String) -> CubicBezier? {
        let trimmed = text.filter { $0 != " " }
        guard trimmed.hasPrefix("cubic-bezier("), trimmed.hasSuffix(")") else { return nil }
        let numbers = trimmed.dropFirst("cubic-bezier(".count).dropLast().split(separator: ",", omittingEmptySubsequences: false)
        let values = numbers.compactMap { Double($0) }.filter(\.isFinite)
        guard numbers.count == 4, values.count == 4, (0...1).contains(values[0]), (0...1).contains(values[2]) else { return nil }
        return CubicBezier(values[0], values[1], values[2], values[3])
    }

    /// The progress `fraction` (0…1) of the way from one key to the next.
    public func progress(_ fraction: Double) -> Double {
        let x = min(max(fraction, 0), 1)
        switch self {
        case .linear: return x
        case .curve(let curve): return curve.value(at: x)
        case .hold: return x >= 1 ? 1 : 0
        }
    }
}
