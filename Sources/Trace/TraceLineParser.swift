/// Reads a trace line back: the flat JSON objects `TraceEvent.jsonLine` writes (and a golden
/// `trace.jsonl` holds). Only that shape is accepted: one object of text, number, flag or
/// null values, `t`, `frame` and `event` present.
public enum TraceLineParser {
    /// The line as a hand-written `TraceEvent` (no typed kind), or nil when it is not a trace line.
    public static func parse(_ line: String) -> TraceEvent? {
        var scanner = Scanner(Array(line.utf8))
        guard let pairs = scanner.object() else { return nil }
        var t: Double?, frame: Int?, peer: String?, event: String?, character: String?
        var fields: [TraceField] = []
        for (key, value) in pairs {
            switch (key, value) {
            case ("t", .number(let v)): t = v
            case ("t", .integer(let v)): t = Double(v)
            case ("frame", .integer(let v)): frame = v
            case ("peer", .text(let v)) where event == nil: peer = v
            case ("event", .text(let v)): event = v
            case ("character", .text(let v)) where fields.isEmpty: character = v
            default: fields.append(TraceField(key, value))
            }
        }
        guard let t, let frame, let event else { return nil }
        var parsed = TraceEvent(t: t, frame: frame, event: event, character: character, fields: fields)
        parsed.peer = peer
        return parsed
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func object() -> [(String, TraceValue)]? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var pairs: [(String, TraceValue)] = []
            if take(UInt8(ascii: "}")) { return end() ? pairs : nil }
            repeat {
                skipSpace()
                guard let key = string(), take(UInt8(ascii: ":")), let value = value() else { return nil }
                pairs.append((key, value))
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
            return end() ? pairs : nil
        }

        mutating func end() -> Bool {
            skipSpace()
            return index == bytes.count
        }

        mutating func value() -> TraceValue? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string().map(TraceValue.text)
            case UInt8(ascii: "t"): return word("true") ? .flag(true) : nil
            case UInt8(ascii: "f"): return word("false") ? .flag(false) : nil
            case UInt8(ascii: "n"): return word("null") ? .number(.nan) : nil
            default: return number()
            }
        }

        mutating func word(_ text: String) -> Bool {
            let expected = Array(text.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else { return false }
            index += expected.count
            return true
        }

        mutating func number() -> TraceValue? {
            let start = index
            while index < bytes.count, (bytes[index] >= 0x30 && bytes[index] <= 0x39) || bytes[index] == UInt8(ascii: "-")
                    || bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
                    || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if let whole = Int(text) { return .integer(whole) }
            return Double(text).map(TraceValue.number)
        }

        mutating func string() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            var result: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: result, as: UTF8.self) }
                guard byte == UInt8(ascii: "\\") else { result.append(byte); continue }
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                          let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                          let scalar = Unicode.Scalar(code) else { return nil }
                    index += 4
                    result += Array(String(Character(scalar)).utf8)
                default: result.append(escape)
                }
            }
            return nil
        }
    }
}

extension TraceValue {
    /// The value as a rule or a report names it: text without quotes, numbers and flags as
    /// the trace writes them.
    public var plain: String {
        if case .text(let text) = self { return text }
        return json
    }

    /// The value as a number, if it is one.
    public var numeric: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }
}
