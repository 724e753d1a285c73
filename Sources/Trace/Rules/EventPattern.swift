/// Which trace events a rule speaks of: the event's name (one of several) and fields that
/// must hold one of the values given (`character` names the character). Values are compared
/// as the trace writes them (`0.5`, `true`, `wave`).
public struct EventPattern: Sendable, Equatable, Codable {
    /// The event names it matches (`action_start`, …); empty matches any.
    public var events: [String]
    /// Field constraints, in the order written: the field and the values it may have.
    public var fields: [FieldConstraint]

    /// One field that must have one of `values`.
    public struct FieldConstraint: Sendable, Equatable, Codable {
        public var name: String
        public var values: [String]
    }

    /// A pattern from its parts.
    public init(events: [String], fields: [FieldConstraint] = []) {
        self.events = events
        self.fields = fields
    }

    /// Whether `event` is one of those it speaks of.
    public func matches(_ event: TraceEvent) -> Bool {
        if !events.isEmpty && !events.contains(event.event) { return false }
        for constraint in fields {
            guard let value = Self.value(constraint.name, of: event), constraint.values.contains(value) else { return false }
        }
        return true
    }

    /// A field's value as rules compare it; `character` is the line's character.
    package static func value(_ name: String, of event: TraceEvent) -> String? {
        if name == "character" { return event.character }
        return event[name]?.plain
    }

    /// "action_start or effect_start with cause expression", for messages.
    public var description: String {
        var text = events.isEmpty ? "any event" : events.joined(separator: " or ")
        if !fields.isEmpty {
            text += " with " + fields.map { "\($0.name) " + $0.values.joined(separator: "/") }.joined(separator: ", ")
        }
        return text
    }
}

/// Settings a rule applies under (`while: {sound: false}`), as the trace names them and
/// writes their values; all must hold.
public struct SettingsCondition: Sendable, Equatable {
    /// Each setting with the value it must have.
    public var settings: [(name: String, value: String)]

    public init(settings: [(name: String, value: String)]) { self.settings = settings }

    /// Whether the condition holds for `state`.
    public func holds(in state: [String: String]) -> Bool {
        settings.allSatisfy { state[$0.name] == $0.value }
    }

    /// "sound is false", for messages.
    public var description: String {
        settings.map { "\($0.name) is \($0.value)" }.joined(separator: " and ")
    }

    public static func == (lhs: SettingsCondition, rhs: SettingsCondition) -> Bool {
        lhs.settings.elementsEqual(rhs.settings) { $0.name == $1.name && $0.value == $1.value }
    }
}
