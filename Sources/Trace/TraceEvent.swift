/// One line of the trace (JSON Lines): what happened, stamped with when. A game's lines
/// carry the typed event they are written from (`typed`); a line made by hand from a name and
/// fields (the demo's `loop` line, a line read back from a file) has none.
public struct TraceEvent: Sendable, Equatable {
    /// Simulation time in seconds: the end of the step in which it happened.
    public var t: Double
    /// The first output frame that shows it.
    public var frame: Int
    /// The peer of a shared session it happened to; nil outside a session.
    public var peer: String? = nil
    private var content: Content
    /// Fields written after the event's own (the demo's notes on a microphone clap).
    private var extraFields: [TraceField] = []

    private enum Content: Sendable, Equatable {
        case typed(any TraceableEvent)
        case handWritten(event: String, character: String?)

        package static func == (lhs: Content, rhs: Content) -> Bool {
            switch (lhs, rhs) {
            case let (.typed(a), .typed(b)): return a.isSame(as: b)
            case let (.handWritten(a, c), .handWritten(b, d)): return a == b && c == d
            default: return false
            }
        }
    }

    /// A game's typed event, stamped.
    public init(t: Double, frame: Int, kind: any TraceableEvent) {
        self.t = t
        self.frame = frame
        content = .typed(kind)
    }

    /// A line made by hand from its parts; it has no `kind`.
    public init(t: Double, frame: Int, event: String, character: String? = nil, fields: [TraceField] = []) {
        self.t = t
        self.frame = frame
        content = .handWritten(event: event, character: character)
        extraFields = fields
    }

    /// What happened, typed by the game that recorded it; nil for a line made by hand.
    public var typed: (any TraceableEvent)? {
        if case .typed(let event) = content { return event }
        return nil
    }

    /// What happened, by the trace's name: spawn, remove, gesture, gesture_end, pinch, menu,
    /// select, action_start, action_end, effect_start, expression, clap, settings, refused,
    /// haptic, sound, particle_cap.
    public var event: String {
        switch content {
        case .typed(let kind): return kind.name
        case .handWritten(let event, _): return event
        }
    }

    /// The id of the character concerned, if one is.
    public var character: String? {
        switch content {
        case .typed(let kind): return kind.character
        case .handWritten(_, let character): return character
        }
    }

    /// The fields after `character`, in the order they are written. Fields appended to a
    /// scene's event are written after its own and keep it typed; replacing its own fields
    /// makes it a line made by hand.
    public var fields: [TraceField] {
        get { (typed?.fields ?? []) + extraFields }
        set {
            let own = typed?.fields ?? []
            if newValue.starts(with: own) {
                extraFields = Array(newValue.dropFirst(own.count))
            } else {
                content = .handWritten(event: event, character: character)
                extraFields = newValue
            }
        }
    }

    /// The value of the field `name`, if the event has it.
    public subscript(name: String) -> TraceValue? { fields.first { $0.name == name }?.value }

    /// The text of the field `name`, if it is text.
    public func text(_ name: String) -> String? {
        if case .text(let value)? = self[name] { return value }
        return nil
    }

    /// The event as one JSON object: keys t, frame, event, character, then the fields in
    /// order; numbers with at most four decimals; the same bytes on every run.
    public var jsonLine: String {
        // Written here, not by JSONEncoder: the key order above is the format (the golden
        // traces are compared byte for byte), and JSONEncoder on Linux writes an object's keys
        // in hash order, different from run to run, unless they are sorted.
        var parts = ["\"t\":" + TraceValue.decimal(t), "\"frame\":\(frame)"]
        if let peer { parts.append("\"peer\":" + TraceValue.quoted(peer)) }
        parts.append("\"event\":" + TraceValue.quoted(event))
        if let character { parts.append("\"character\":" + TraceValue.quoted(character)) }
        for field in fields { parts.append(TraceValue.quoted(field.name) + ":" + field.value.json) }
        return "{" + parts.joined(separator: ",") + "}"
    }
}
