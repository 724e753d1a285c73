import Scene

/// Reads rules written in YAML (docs/rules.md) with the scene files' own reader, so a mistake
/// is reported the same way: every problem at once, as `file:line:column: what is wrong`,
/// with a "did you mean" for a misspelt word.
///
/// ```yaml
/// - name: clap-makes-everyone-jump
///   says: a clap makes every princess jump
///   rule: every_character
///   when: {event: clap}
///   then: {event: action_start, action: jump}
///   within: 0
/// ```
public enum SceneRuleReader {
    /// Rules from YAML text holding a list of them, in the words of `vocabulary`; throws `SceneErrors`.
    public static func parse(_ text: String, file: String, vocabulary: TraceVocabulary) throws -> [SceneRule] {
        switch YAMLDocumentReader.read(text, whenEmpty: "") {
        case .failure(let error):
            // A file without a document holds no rules.
            if error.message.isEmpty { return [] }
            throw SceneErrors(diagnostics: [SceneDiagnostic(file: file, line: error.position.line,
                                                            column: error.position.column, message: error.message)])
        case .success(let document):
            return try read(document, file: file, vocabulary: vocabulary)
        }
    }

    /// Rules from a YAML list (the golden manifest's `rules:`); throws `SceneErrors`.
    package static func read(_ document: DocumentNode, file: String, vocabulary: TraceVocabulary) throws -> [SceneRule] {
        let reader = ValueReader(file: file)
        let rules = RuleDecoder(reader: reader, vocabulary: vocabulary).rules(document, "rules")
        if !reader.diagnostics.isEmpty { throw SceneErrors(diagnostics: reader.diagnostics) }
        return rules
    }
}

/// Decodes rule mappings, reporting through the scene files' `ValueReader`.
package struct RuleDecoder {
    package let reader: ValueReader

    /// The events, fields and settings of the game whose trace the rules speak of.
    package let vocabulary: TraceVocabulary

    package init(reader: ValueReader, vocabulary: TraceVocabulary) {
        self.reader = reader
        self.vocabulary = vocabulary
    }

    package func rules(_ node: DocumentNode, _ path: String) -> [SceneRule] {
        guard let items = reader.list(node, path, expected: "rules, each a mapping with name and rule") else { return [] }
        var rules: [SceneRule] = []
        var names: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            guard let rule = self.rule(item, "\(path)[\(index)]") else { continue }
            if let first = names[rule.name] {
                reader.report(item.position, "\(path)[\(index)]: the rule name '\(rule.name)' is used twice (first at line \(first))")
                continue
            }
            names[rule.name] = item.position.line
            rules.append(rule)
        }
        return rules
    }

    private static let keys: [String: [String]] = [
        "follows": ["when", "then", "within", "slack", "started_earlier_by", "same", "while"],
        "every_character": ["when", "then", "within", "while"],
        "never": ["event", "while"],
        "range": ["event", "field", "min", "max"],
        "max_characters": ["max"],
        "count": ["event", "min", "max"],
        "weighted_sum": ["event", "field", "terms", "decimals"],
        "changes_only": ["event", "field", "same"],
        "spacing": ["event", "seconds", "restart"],
        "preceded": ["when", "then", "within", "while"],
        "held_over": ["when", "event", "field", "above", "seconds"],
    ]

    package func rule(_ node: DocumentNode, _ path: String) -> SceneRule? {
        // The kind decides which keys are allowed, so it is read first.
        var kindName: String?
        if case .mapping(let pairs) = node.value, let kindNode = pairs.first(where: { $0.key == "rule" })?.value {
            kindName = word(kindNode, "\(path) rule", among: SceneRule.kindNames, what: "rule kind")
        }
        let allowed = ["name", "says", "rule"] + (kindName.flatMap { Self.keys[$0] } ?? Self.keys.values.flatMap { $0 })
        guard let fields = reader.fields(node, path, allowed: allowed) else { return nil }
        let nameNode = reader.requireKey(fields, "name", path, example: "name: clap-makes-everyone-jump")
        let name = nameNode.flatMap { reader.text($0, "\(path) name", expected: "the rule's name") }
        _ = reader.requireKey(fields, "rule", path, example: "rule: follows (one of \(SceneRule.kindNames.joined(separator: ", ")))")
        let says = fields["says"].flatMap { reader.text($0, "\(path) says", expected: "what the rule promises, in words") }
        guard let name, let kindName else { return nil }
        let label = "rule '\(name)'"
        let kind: SceneRule.Kind?
        switch kindName {
        case "follows": kind = follows(fields, label)
        case "every_character": kind = everyCharacter(fields, label, at: node.position)
        case "never":
            let event = required(fields, "event", label, example: "event: {event: haptic}").flatMap { pattern($0, "\(label) event") }
            let condition = fields["while"].map { self.condition($0, "\(label) while") }
            kind = event.map { .never(event: $0, while: condition ?? nil) }
        case "range": kind = range(fields, label)
        case "count": kind = count(fields, label)
        case "weighted_sum": kind = weightedSum(fields, label)
        case "changes_only": kind = changesOnly(fields, label)
        case "spacing": kind = spacing(fields, label)
        case "preceded": kind = preceded(fields, label)
        case "held_over": kind = heldOver(fields, label)
        default:
            let limit = required(fields, "max", label, example: "max: 5").flatMap { reader.integer($0, "\(label) max", in: 0...1000) }
            let presence = self.presence(kindName, label, at: node.position)
            kind = limit.flatMap { limit in presence.map { .maxCharacters(limit: limit, presence: $0) } }
        }
        guard let kind else { return nil }
        return SceneRule(name: name, says: says, kind: kind, origin: "\(reader.file):\(node.position.line):\(node.position.column)")
    }

    private func required(_ fields: ValueReader.Fields, _ key: String, _ path: String, example: String) -> DocumentNode? {
        reader.requireKey(fields, key, path, example: example)
    }

    private func follows(_ fields: ValueReader.Fields, _ label: String) -> SceneRule.Kind? {
        let when = required(fields, "when", label, example: "when: {event: spawn}").flatMap { pattern($0, "\(label) when") }
        let then = required(fields, "then", label, example: "then: {event: haptic, kind: heavy}").flatMap { pattern($0, "\(label) then") }
        var deadline = SceneRule.Deadline(seconds: nil, field: nil, slack: 0, startedEarlierBy: nil)
        var valid = true
        let whenFields = vocabulary.fields(of: when?.events ?? [])
        if let node = fields["within"] {
            if case .scalar(let text, _) = node.value, let first = text.unicodeScalars.first, first.properties.isAlphabetic {
                deadline.field = word(node, "\(label) within", among: whenFields, what: "field of the when event")
                deadline.field = deadline.field.flatMap { numberField($0, node, "\(label) within", events: when?.events ?? []) }
                valid = deadline.field != nil
            } else {
                deadline.seconds = reader.number(node, "\(label) within", in: 0...3600, unit: "seconds")
                valid = deadline.seconds != nil
            }
        }
        if let node = fields["slack"] {
            let slack = reader.number(node, "\(label) slack", in: 0...3600, unit: "seconds")
            deadline.slack = slack ?? 0
            valid = valid && slack != nil
        }
        if let node = fields["started_earlier_by"] {
            deadline.startedEarlierBy = word(node, "\(label) started_earlier_by", among: whenFields, what: "field of the when event")
                .flatMap { numberField($0, node, "\(label) started_earlier_by", events: when?.events ?? []) }
            valid = valid && deadline.startedEarlierBy != nil
        }
        var same: [String] = []
        if let node = fields["same"], let items = reader.list(node, "\(label) same", expected: "field names, such as [character, action]") {
            let allowed = vocabulary.fields(of: (when?.events ?? []) + (then?.events ?? []))
            for item in items {
                if let name = word(item, "\(label) same", among: allowed, what: "field") { same.append(name) } else { valid = false }
            }
        }
        let condition = fields["while"].map { self.condition($0, "\(label) while") }
        if case .some(nil) = condition { valid = false }
        guard let when, let then, valid else { return nil }
        return .follows(when: when, then: then, deadline: deadline, same: same, while: condition ?? nil)
    }

    /// The events by which the game's characters arrive and leave, which `kind` counts; nil
    /// (reported) for a game that declares none.
    private func presence(_ kind: String, _ label: String, at position: SourcePosition) -> CharacterPresence? {
        if let presence = vocabulary.presence { return presence }
        reader.report(position, "\(label): \(kind) counts characters as they arrive and leave, and the trace this rule reads "
                      + "declares no such events (a game's vocabulary names them: the princess game's spawn and remove); "
                      + "write the rule in the manifest or scene of a game that has characters")
        return nil
    }

    private func everyCharacter(_ fields: ValueReader.Fields, _ label: String, at position: SourcePosition) -> SceneRule.Kind? {
        let presence = self.presence("every_character", label, at: position)
        let when = required(fields, "when", label, example: "when: {event: clap}").flatMap { pattern($0, "\(label) when") }
        let then = required(fields, "then", label, example: "then: {event: action_start, action: jump}").flatMap { pattern($0, "\(label) then") }
        let within = fields["within"].map { reader.number($0, "\(label) within", in: 0...3600, unit: "seconds") } ?? 0
        let condition = fields["while"].map { self.condition($0, "\(label) while") }
        if case .some(nil) = condition { return nil }
        guard let when, let then, let within, let presence else { return nil }
        return .everyCharacter(when: when, then: then, within: within, while: condition ?? nil, presence: presence)
    }

    private func range(_ fields: ValueReader.Fields, _ label: String) -> SceneRule.Kind? {
        let event = required(fields, "event", label, example: "event: {event: expression}").flatMap { pattern($0, "\(label) event") }
        let fieldNode = required(fields, "field", label, example: "field: latency")
        var field = fieldNode.flatMap { word($0, "\(label) field", among: vocabulary.fields(of: event?.events ?? []), what: "field") }
        if let name = field, let fieldNode { field = numberField(name, fieldNode, "\(label) field", events: event?.events ?? []) }
        let low = fields["min"].map { reader.number($0, "\(label) min", in: -1e9...1e9) }
        let high = fields["max"].map { reader.number($0, "\(label) max", in: -1e9...1e9) }
        if let low = low ?? nil, let high = high ?? nil, low > high, let node = fields["min"] {
            reader.report(node.position, "\(label): min \(TraceValue.decimal(low)) is greater than max \(TraceValue.decimal(high)); "
                          + "no value lies between them, so the rule would fail wherever the event happens")
            return nil
        }
        if low == nil && high == nil {
            reader.report(fields.node.position, "\(label) needs min, max or both (for example max: 0.3)")
            return nil
        }
        if case .some(nil) = low { return nil }
        if case .some(nil) = high { return nil }
        guard let event, let field else { return nil }
        return .range(event: event, field: field, min: low ?? nil, max: high ?? nil)
    }

    private func count(_ fields: ValueReader.Fields, _ label: String) -> SceneRule.Kind? {
        let event = required(fields, "event", label, example: "event: {event: success}").flatMap { pattern($0, "\(label) event") }
        let low = fields["min"].map { reader.integer($0, "\(label) min", in: 0...1_000_000) }
        let high = fields["max"].map { reader.integer($0, "\(label) max", in: 0...1_000_000) }
        if low == nil && high == nil {
            reader.report(fields.node.position, "\(label) needs min, max or both (for example min: 1, max: 1)")
            return nil
        }
        if case .some(nil) = low { return nil }
        if case .some(nil) = high { return nil }
        if let low = low ?? nil, let high = high ?? nil, low > high, let node = fields["min"] {
            reader.report(node.position, "\(label): min \(low) is greater than max \(high)")
            return nil
        }
        guard let event else { return nil }
        return .count(event: event, min: low ?? nil, max: high ?? nil)
    }

    /// A number field of `event`'s events named at `key`, or nil (reported).
    private func numberFieldKey(_ fields: ValueReader.Fields, _ key: String, _ label: String, event: EventPattern?, example: String) -> String? {
        guard let node = required(fields, key, label, example: example),
              let name = word(node, "\(label) \(key)", among: vocabulary.fields(of: event?.events ?? []), what: "field") else { return nil }
        return numberField(name, node, "\(label) \(key)", events: event?.events ?? [])
    }

    private func weightedSum(_ fields: ValueReader.Fields, _ label: String) -> SceneRule.Kind? {
        let event = required(fields, "event", label, example: "event: {event: sample}").flatMap { pattern($0, "\(label) event") }
        let field = numberFieldKey(fields, "field", label, event: event, example: "field: confidence")
        var terms: [SceneRule.WeightedTerm] = []
        var valid = true
        if let node = required(fields, "terms", label, example: "terms: {fp: 0.6, ml: 0.4}") {
            if case .mapping(let pairs) = node.value, !pairs.isEmpty {
                let allowed = vocabulary.fields(of: event?.events ?? [])
                for pair in pairs {
                    guard allowed.isEmpty || allowed.contains(pair.key) else {
                        reader.report(pair.keyPosition, "unknown field \(SceneFileLimits.quoted(pair.key)) in \(label) terms"
                                      + SpellingSuggestion.hint(for: pair.key, among: allowed))
                        valid = false
                        continue
                    }
                    if let weight = reader.number(pair.value, "\(label) terms \(pair.key)", in: -1e6...1e6) {
                        terms.append(.init(field: pair.key, weight: weight))
                    } else { valid = false }
                }
            } else {
                reader.report(node.position, "\(label) terms must be a mapping from a number field to its weight, e.g. {fp: 0.6, ml: 0.4}; found \(node.kindDescription)")
                valid = false
            }
        }
        let decimals = fields["decimals"].map { reader.integer($0, "\(label) decimals", in: 0...12) } ?? 6
        guard let event, let field, let decimals, valid else { return nil }
        return .weightedSum(event: event, field: field, terms: terms, decimals: decimals)
    }

    private func changesOnly(_ fields: ValueReader.Fields, _ label: String) -> SceneRule.Kind? {
        let event = required(fields, "event", label, example: "event: {event: band}").flatMap { pattern($0, "\(label) event") }
        let allowed = vocabulary.fields(of: event?.events ?? [])
        let field = required(fields, "field", label, example: "field: band").flatMap { word($0, "\(label) field", among: allowed, what: "field") }
        var same: [String] = []
        if let node = fields["same"], let items = reader.list(node, "\(label) same", expected: "field names, such as [character]") {
            for item in items {
                guard let name = word(item, "\(label) same", among: allowed, what: "field") else { return nil }
                same.append(name)
            }
        }
        guard let event, let field else { return nil }
        return .changesOnly(event: event, field: field, same: same)
    }

    private func spacing(_ fields: ValueReader.Fields, _ label: String) -> SceneRule.Kind? {
        let event = required(fields, "event", label, example: "event: {event: sample}").flatMap { pattern($0, "\(label) event") }
        let seconds = required(fields, "seconds", label, example: "seconds: 0.1").flatMap { reader.number($0, "\(label) seconds", in: 0.000001...3600, unit: "seconds") }
        let restart = fields["restart"].map { pattern($0, "\(label) restart") }
        if case .some(nil) = restart { return nil }
        guard let event, let seconds else { return nil }
        return .spacing(event: event, seconds: seconds, restart: restart ?? nil)
    }

    private func preceded(_ fields: ValueReader.Fields, _ label: String) -> SceneRule.Kind? {
        let when = required(fields, "when", label, example: "when: {event: haptic, kind: light}").flatMap { pattern($0, "\(label) when") }
        let then = required(fields, "then", label, example: "then: {event: band, band: warm}").flatMap { pattern($0, "\(label) then") }
        let within = fields["within"].map { reader.number($0, "\(label) within", in: 0...3600, unit: "seconds") } ?? 0
        let condition = fields["while"].map { self.condition($0, "\(label) while") }
        if case .some(nil) = condition { return nil }
        guard let when, let then, let within else { return nil }
        return .preceded(when: when, then: then, within: within, while: condition ?? nil)
    }

    private func heldOver(_ fields: ValueReader.Fields, _ label: String) -> SceneRule.Kind? {
        let when = required(fields, "when", label, example: "when: {event: success}").flatMap { pattern($0, "\(label) when") }
        let event = required(fields, "event", label, example: "event: {event: sample}").flatMap { pattern($0, "\(label) event") }
        let field = numberFieldKey(fields, "field", label, event: event, example: "field: confidence")
        let above = required(fields, "above", label, example: "above: 0.8").flatMap { reader.number($0, "\(label) above", in: -1e9...1e9) }
        let seconds = required(fields, "seconds", label, example: "seconds: 1").flatMap { reader.number($0, "\(label) seconds", in: 0...3600, unit: "seconds") }
        guard let when, let event, let field, let above, let seconds else { return nil }
        return .heldOver(when: when, event: event, field: field, above: above, seconds: seconds)
    }

    /// `{event: action_start, action: [wave, jump]}`: the event (or events) and fields.
    package func pattern(_ node: DocumentNode, _ path: String) -> EventPattern? {
        var events: [String] = []
        var valid = true
        if case .mapping(let pairs) = node.value, let eventNode = pairs.first(where: { $0.key == "event" })?.value {
            for item in values(eventNode) {
                if let name = word(item, path, among: vocabulary.eventNames, what: "event") { events.append(name) } else { valid = false }
            }
        }
        let allowed = ["event"] + vocabulary.fields(of: events)
        guard let fields = reader.fields(node, path, allowed: allowed) else { return nil }
        var constraints: [EventPattern.FieldConstraint] = []
        for pair in fields.pairs where pair.key != "event" {
            var wanted: [String] = []
            let known = vocabulary.values(of: pair.key, in: events)
            for item in values(pair.value) {
                guard let text = reader.text(item, "\(path) \(pair.key)", expected: "a value as the trace writes it") else { valid = false; continue }
                // A value the game never writes would make the pattern match nothing: the rule could never fire.
                if let known, !known.contains(text) {
                    reader.report(item.position, "unknown \(pair.key) \(SceneFileLimits.quoted(text)) in \(path)"
                                  + SpellingSuggestion.hint(for: text, among: known) + " (expected one of: \(known.joined(separator: ", ")))")
                    valid = false
                    continue
                }
                wanted.append(text)
            }
            constraints.append(.init(name: pair.key, values: wanted))
        }
        return valid ? EventPattern(events: events, fields: constraints) : nil
    }

    /// `{sound: false}`: settings by the trace's names, with the values it writes.
    package func condition(_ node: DocumentNode, _ path: String) -> SettingsCondition? {
        guard let fields = reader.fields(node, path, allowed: vocabulary.settings) else { return nil }
        var settings: [(name: String, value: String)] = []
        for pair in fields.pairs {
            guard let text = reader.text(pair.value, "\(path) \(pair.key)", expected: "a setting's value, such as false") else { return nil }
            settings.append((pair.key, text))
        }
        return SettingsCondition(settings: settings)
    }

    /// `name`, when it holds a number in `events` (or the vocabulary cannot say); otherwise
    /// reported at `node` and nil: a deadline or range of a text field can never be kept.
    private func numberField(_ name: String, _ node: DocumentNode, _ path: String, events: [String]) -> String? {
        guard vocabulary.holdsNumber(name, in: events) == false else { return name }
        let numbers = vocabulary.numberFields(of: events)
        reader.report(node.position, "\(path): \(SceneFileLimits.quoted(name)) is not a number in \(events.joined(separator: ", ")); "
                      + (numbers.isEmpty ? "it has no number fields" : "its number fields: \(numbers.joined(separator: ", "))"))
        return nil
    }

    /// A scalar, or each item of a list.
    private func values(_ node: DocumentNode) -> [DocumentNode] {
        if case .sequence(let items) = node.value { return items }
        return [node]
    }

    /// One of `words`, or nil (reported with a "did you mean").
    private func word(_ node: DocumentNode, _ path: String, among words: [String], what: String) -> String? {
        guard case .scalar(let text, _) = node.value, !node.isNull, !text.isEmpty else {
            reader.report(node.position, "\(path) must be a \(what): one of \(words.joined(separator: ", ")); found \(node.kindDescription)")
            return nil
        }
        if words.contains(text) { return text }
        reader.report(node.position, "unknown \(what) \(SceneFileLimits.quoted(text)) in \(path)"
                      + SpellingSuggestion.hint(for: text, among: words) + " (expected one of: \(words.joined(separator: ", ")))")
        return nil
    }
}
