/// One thing that happened in a simulation, as one line of the trace (JSON Lines).
public struct TraceEvent: Sendable, Equatable {
    /// Simulation time in seconds: the end of the step in which it happened.
    public var t: Double
    /// The first output frame that shows it.
    public var frame: Int
    /// What happened: spawn, remove, gesture, action_start, action_end, effect_start,
    /// expression, clap, haptic, sound, refused, select, menu, settings, particle_cap.
    public var event: String
    /// The id of the character concerned, if one is.
    public var character: String?
    /// Further fields, in the fixed order the event writes them.
    public var fields: [TraceField]

    /// An event from its parts.
    public init(t: Double, frame: Int, event: String, character: String? = nil, fields: [TraceField] = []) {
        self.t = t
        self.frame = frame
        self.event = event
        self.character = character
        self.fields = fields
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
        var parts = ["\"t\":" + TraceValue.decimal(t), "\"frame\":\(frame)", "\"event\":" + TraceValue.quoted(event)]
        if let character { parts.append("\"character\":" + TraceValue.quoted(character)) }
        for field in fields { parts.append(TraceValue.quoted(field.name) + ":" + field.value.json) }
        return "{" + parts.joined(separator: ",") + "}"
    }
}
