/// One value a game keeps between runs: a flag, a whole number, a number or a text, stored
/// with its kind so that it comes back as it was saved.
public enum SavedValue: Sendable, Equatable, CustomStringConvertible {
    /// On or off.
    case flag(Bool)
    /// A whole number.
    case integer(Int64)
    /// A number (finite).
    case number(Double)
    /// A text.
    case text(String)
    /// Bytes (a picture, a feature print): a row's column only, never a key's value.
    case bytes([UInt8])

    /// The name of its kind in the database's `kind` column.
    public var kind: String {
        switch self {
        case .flag: return "flag"
        case .integer: return "integer"
        case .number: return "number"
        case .text: return "text"
        case .bytes: return "bytes"
        }
    }

    /// The kinds the database's `kind` column may hold.
    public static let kinds = ["flag", "integer", "number", "text"]

    /// The value as it reads in a message.
    public var description: String {
        switch self {
        case .flag(let value): return String(value)
        case .integer(let value): return String(value)
        case .number(let value): return String(value)
        case .text(let value): return value
        case .bytes(let value): return "\(value.count) bytes"
        }
    }

    /// The flag, if it is one.
    public var flag: Bool? { if case .flag(let value) = self { return value } else { return nil } }
    /// The number, if it is one (a whole number counts).
    public var number: Double? {
        switch self {
        case .number(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }
    /// The text, if it is one.
    public var text: String? { if case .text(let value) = self { return value } else { return nil } }
    /// The bytes, if they are some.
    public var bytes: [UInt8]? { if case .bytes(let value) = self { return value } else { return nil } }
}
