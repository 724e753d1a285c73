/// The words a game's trace uses: its events with the fields each may carry, and the
/// settings its `settings` events name. Rules are checked against it when they are read, so a
/// misspelt event or field is bad input at its `file:line:column`, not a rule that never fires.
public struct TraceVocabulary: Sendable, Equatable {
    /// Each event the trace can write, with the fields it may carry (`character` included).
    public var events: [(event: String, fields: [String])]
    /// The settings the trace names (`settings` events' fields, a rule's `while`).
    public var settings: [String]
    /// The only values some fields can have, by event then field (`haptic` `kind`: light,
    /// medium, …): a rule asking for another can never fire. Fields not listed take any value.
    public var values: [String: [String: [String]]]
    /// The fields that hold numbers, by event: only these can be a `range`'s field or a
    /// `within`. Empty when the game does not say (then nothing is checked).
    public var numbers: [String: [String]]
    /// The events by which characters arrive and leave, which `max_characters` and
    /// `every_character` count; nil for a game without such characters.
    public var presence: CharacterPresence?

    /// A vocabulary from its parts.
    public init(events: [(event: String, fields: [String])], settings: [String],
                values: [String: [String: [String]]] = [:], numbers: [String: [String]] = [:], presence: CharacterPresence? = nil) {
        self.events = events
        self.settings = settings
        self.values = values
        self.numbers = numbers
        self.presence = presence
    }

    /// The values `field` can have in every one of `events`, or nil when any of them (or any
    /// event at all, `events` empty) takes any value there.
    public func values(of field: String, in events: [String]) -> [String]? {
        guard !events.isEmpty else { return nil }
        var all: [String] = []
        for event in events {
            guard let known = values[event]?[field] else { return nil }
            all += known.filter { !all.contains($0) }
        }
        return all
    }

    /// Whether `field` holds a number in each of `events`; nil when the vocabulary knows no
    /// numbers or no event is named (nothing to check against).
    public func holdsNumber(_ field: String, in events: [String]) -> Bool? {
        guard !numbers.isEmpty, !events.isEmpty else { return nil }
        return events.allSatisfy { numbers[$0]?.contains(field) == true }
    }

    /// The number fields of `events`, for messages.
    public func numberFields(of events: [String]) -> [String] {
        fields(of: events).filter { holdsNumber($0, in: events) == true }
    }

    /// The event names, in the order given.
    public var eventNames: [String] { events.map(\.event) }

    /// The fields of `names` (of every event when empty), each once, in the order given.
    public func fields(of names: [String]) -> [String] {
        var fields: [String] = []
        for entry in events where names.isEmpty || names.contains(entry.event) {
            for field in entry.fields where !fields.contains(field) { fields.append(field) }
        }
        return fields
    }

    /// Two vocabularies' words together (a kit's events and a game's own): the presence events
    /// of the side that declares them.
    public func merged(with other: TraceVocabulary) -> TraceVocabulary {
        var merged = self
        merged.presence = presence ?? other.presence
        for entry in other.events {
            if let index = merged.events.firstIndex(where: { $0.event == entry.event }) {
                merged.events[index].fields += entry.fields.filter { !merged.events[index].fields.contains($0) }
            } else {
                merged.events.append(entry)
            }
        }
        merged.settings += other.settings.filter { !merged.settings.contains($0) }
        // A field one side leaves open (its event carries it with any value) stays open: one
        // game's closed set must not refuse another game's values.
        for (event, fields) in values {
            for field in fields.keys where other.leavesOpen(field, of: event) { merged.values[event]?[field] = nil }
        }
        for (event, fields) in other.values {
            for (field, values) in fields where !leavesOpen(field, of: event) {
                let known = merged.values[event]?[field] ?? []
                merged.values[event, default: [:]][field] = known + values.filter { !known.contains($0) }
            }
        }
        for (event, fields) in other.numbers {
            let known = merged.numbers[event] ?? []
            merged.numbers[event] = known + fields.filter { !known.contains($0) }
        }
        return merged
    }

    /// Whether `event` carries `field` with any value.
    private func leavesOpen(_ field: String, of event: String) -> Bool {
        values[event]?[field] == nil && events.contains { $0.event == event && $0.fields.contains(field) }
    }

    public static func == (lhs: TraceVocabulary, rhs: TraceVocabulary) -> Bool {
        lhs.settings == rhs.settings && lhs.values == rhs.values && lhs.presence == rhs.presence && lhs.numbers == rhs.numbers && lhs.events.elementsEqual(rhs.events) { $0.event == $1.event && $0.fields == $1.fields }
    }
}
