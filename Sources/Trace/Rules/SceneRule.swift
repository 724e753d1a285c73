/// A rule every run of a scene must keep, checked against its trace (docs/rules.md).
public struct SceneRule: Sendable, Equatable, Codable {
    /// Its name, as reports give it (`expression-latency`).
    public var name: String
    /// What it promises, in words (`says:`), or nil.
    public var says: String?
    /// What it checks.
    public var kind: Kind
    /// Where it is written: `file:line:column`.
    public var origin: String

    /// The rule kinds, each with its parameters.
    public enum Kind: Sendable, Equatable, Codable {
        /// Every `when` event is followed by a `then` event within `deadline`.
        case follows(when: EventPattern, then: EventPattern, deadline: Deadline, same: [String], while: SettingsCondition?)
        /// Every character present at a `when` event has a `then` event of her own within `within`
        /// seconds; characters are present from their `presence.appears` event to their `presence.leaves`.
        case everyCharacter(when: EventPattern, then: EventPattern, within: Double, while: SettingsCondition?, presence: CharacterPresence)
        /// No `event` at all (while the settings condition holds, when there is one).
        case never(event: EventPattern, while: SettingsCondition?)
        /// The numeric `field` of every `event` lies in `min`…`max`.
        case range(event: EventPattern, field: String, min: Double?, max: Double?)
        /// Never more than `limit` characters at once, counted by the game's `presence` events.
        case maxCharacters(limit: Int, presence: CharacterPresence)
        /// Between `min` and `max` matching events in the whole run.
        case count(event: EventPattern, min: Int?, max: Int?)
        /// The number `field` of every `event` equals the sum of its `terms` fields times their
        /// weights, rounded to `decimals`.
        case weightedSum(event: EventPattern, field: String, terms: [WeightedTerm], decimals: Int)
        /// The `field` of every `event` differs from the previous matching event's (of the same `same` fields).
        case changesOnly(event: EventPattern, field: String, same: [String])
        /// Consecutive `event`s are `seconds` apart; a `restart` event begins a new series.
        case spacing(event: EventPattern, seconds: Double, restart: EventPattern?)
        /// Every `when` event has a `then` event at or before it, within `within` seconds.
        case preceded(when: EventPattern, then: EventPattern, within: Double, while: SettingsCondition?)
        /// Every `when` event comes after `seconds` of `event`s whose `field` was strictly over
        /// `above`: the first of them at least `seconds` before it, none at or under since.
        case heldOver(when: EventPattern, event: EventPattern, field: String, above: Double, seconds: Double)
    }

    /// One term of a weighted sum: a number field and its weight.
    public struct WeightedTerm: Sendable, Equatable, Codable {
        public var field: String
        public var weight: Double

        /// A term from its parts.
        public init(field: String, weight: Double) {
            self.field = field
            self.weight = weight
        }
    }

    /// How long a `follows` rule waits: `seconds`, or the value of the `when` event's `field`,
    /// plus `slack`; counted from `startedEarlierBy` (a field of the `when` event giving
    /// seconds that had already passed, such as an expression's `latency`) before it.
    public struct Deadline: Sendable, Equatable, Codable {
        public var seconds: Double?
        public var field: String?
        public var slack: Double
        public var startedEarlierBy: String?

        /// "0.3 s", "its duration + 0.05 s", for messages.
        public var description: String {
            var text = seconds.map { "\(TraceValue.decimal($0)) s" } ?? field.map { "its \($0)" } ?? "the end of the run"
            if slack > 0 { text += " + \(TraceValue.decimal(slack)) s" }
            if let startedEarlierBy { text += " of the \(startedEarlierBy) before it" }
            return text
        }
    }

    /// The events that set the rule to work (`when`, or a `range`'s `event`); nil for rules
    /// that hold by nothing happening (`never`, `max_characters`). A rule whose trigger matches
    /// nothing in any run can never fire.
    public var trigger: EventPattern? {
        switch kind {
        case .follows(let when, _, _, _, _), .everyCharacter(let when, _, _, _, _): return when
        case .range(let event, _, _, _), .weightedSum(let event, _, _, _), .changesOnly(let event, _, _), .spacing(let event, _, _):
            return event
        case .preceded(let when, _, _, _), .heldOver(let when, _, _, _, _): return when
        case .never, .maxCharacters, .count: return nil
        }
    }

    /// The rule kinds by the names the YAML uses.
    public static let kindNames = ["follows", "every_character", "never", "range", "max_characters", "count", "weighted_sum",
                                   "changes_only", "spacing", "preceded", "held_over"]
}

/// A broken rule: which, what went wrong, and the trace events that broke it.
public struct RuleViolation: Sendable, Equatable {
    /// The rule broken.
    public var rule: SceneRule
    /// What went wrong, in words, starting with the time (`t=0.70 expression smile: …`).
    public var message: String
    /// The events that broke it: their place in the trace (1-based line) and the line.
    public var events: [(line: Int, text: String)]

    public static func == (lhs: RuleViolation, rhs: RuleViolation) -> Bool {
        lhs.rule == rhs.rule && lhs.message == rhs.message
            && lhs.events.elementsEqual(rhs.events) { $0.line == $1.line && $0.text == $1.text }
    }
}
