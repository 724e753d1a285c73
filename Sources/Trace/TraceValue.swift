/// A value in a trace line: text, a whole number, a decimal number or a flag.
public enum TraceValue: Sendable, Equatable {
    case text(String)
    case integer(Int)
    case number(Double)
    case flag(Bool)

    /// The value as JSON, byte-stable: decimals with at most four places, no exponent.
    public var json: String {
        switch self {
        case .text(let text): return TraceValue.quoted(text)
        case .integer(let value): return String(value)
        case .number(let value): return TraceValue.decimal(value)
        case .flag(let value): return value ? "true" : "false"
        }
    }

    /// `value` rounded to four decimal places, written without trailing zeros; non-finite
    /// values become null, which JSON can carry and readers notice.
    package static func decimal(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "null" }
        let scaled = Int64((value * 10_000).rounded())
        if scaled == 0 { return "0" }
        let sign = scaled < 0 ? "-" : ""
        let magnitude = scaled.magnitude
        let whole = magnitude / 10_000
        var fraction = String(magnitude % 10_000)
        if fraction == "0" { return sign + String(whole) }
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(whole) + "." + fraction
    }

    /// `text` as a JSON string.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
