/// The words a game's trace uses: its events with the fields each may carry, and the
/// settings its `settings` events name. Rules are checked against it when they are read, so a
/// misspelt event or field is bad input at its `file:line:column`, not a rule that never fires.
public struct TraceVocabulary: Sendable, Equatable {
    /// Each event the trace can write, with the fields it may carry (`character` included).
    public var events: [(event: String, fields: [String])]
    /// The settings the trace names (`settings` events' fields, a rule's `while`).
    public var settings: [String]

    /// A vocabulary from its parts.
    public init(events: [(event: String, fields: [String])], settings: [String]) {
        self.events = events
        self.settings = settings
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

    /// Two games' words together (a kit's events and a game's own).
    public func merged(with other: TraceVocabulary) -> TraceVocabulary {
        var merged = self
        for entry in other.events {
            if let index = merged.events.firstIndex(where: { $0.event == entry.event }) {
                merged.events[index].fields += entry.fields.filter { !merged.events[index].fields.contains($0) }
            } else {
                merged.events.append(entry)
            }
        }
        merged.settings += other.settings.filter { !merged.settings.contains($0) }
        return merged
    }

    public static func == (lhs: TraceVocabulary, rhs: TraceVocabulary) -> Bool {
        lhs.settings == rhs.settings && lhs.events.elementsEqual(rhs.events) { $0.event == $1.event && $0.fields == $1.fields }
    }
}
