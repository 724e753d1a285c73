import Scene

/// Reads a trace line back: the flat JSON objects `TraceEvent.jsonLine` writes (and a golden
/// `trace.jsonl` holds), parsed by the scene files' JSON reader. Only that shape is accepted:
/// one object of text, number, flag or null values, `t`, `frame` and `event` present.
public enum TraceLineParser {
    /// The line as a hand-written `TraceEvent` (no typed kind), or nil when it is not a trace line.
    public static func parse(_ line: String) -> TraceEvent? {
        guard case .success(let root) = JSONDocumentReader.read(line), case .mapping(let pairs) = root.value else { return nil }
        var t: Double?, frame: Int?, peer: String?, event: String?, character: String?
        var fields: [TraceField] = []
        for pair in pairs {
            guard let value = traceValue(pair.value) else { return nil }
            switch (pair.key, value) {
            case ("t", .number(let v)): t = v
            case ("t", .integer(let v)): t = Double(v)
            case ("frame", .integer(let v)): frame = v
            case ("peer", .text(let v)) where event == nil: peer = v
            case ("event", .text(let v)): event = v
            case ("character", .text(let v)) where fields.isEmpty: character = v
            default: fields.append(TraceField(pair.key, value))
            }
        }
        guard let t, let frame, let event else { return nil }
        var parsed = TraceEvent(t: t, frame: frame, event: event, character: character, fields: fields)
        parsed.peer = peer
        return parsed
    }

    /// A scalar as the trace typed it: a quoted text, a flag, a whole number, a decimal, or
    /// null (a non-finite number the writer could not write); nil for a list or an object.
    private static func traceValue(_ node: DocumentNode) -> TraceValue? {
        guard case .scalar(let text, let quoted) = node.value else { return nil }
        if quoted { return .text(text) }
        switch text {
        case "true": return .flag(true)
        case "false": return .flag(false)
        case "null": return .number(.nan)
        default:
            if let whole = Int(text) { return .integer(whole) }
            return Double(text).map(TraceValue.number)
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
