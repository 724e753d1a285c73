// Rules and their violations as JSON, so a `check --shard` slice's results.json carries them
// to `report merge` whole (the merged report shows each rule as an unsharded check would).


extension SettingsCondition: Codable {
    private struct Setting: Codable { var name: String; var value: String }

    public init(from decoder: Decoder) throws {
        self.init(settings: try [Setting](from: decoder).map { ($0.name, $0.value) })
    }

    public func encode(to encoder: Encoder) throws {
        try settings.map { Setting(name: $0.name, value: $0.value) }.encode(to: encoder)
    }
}

extension RuleViolation: Codable {
    private struct Event: Codable { var line: Int; var text: String }
    private enum Keys: String, CodingKey { case rule, message, events }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(rule: try container.decode(SceneRule.self, forKey: .rule), message: try container.decode(String.self, forKey: .message),
                  events: try container.decode([Event].self, forKey: .events).map { ($0.line, $0.text) })
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(message, forKey: .message)
        try container.encode(events.map { Event(line: $0.line, text: $0.text) }, forKey: .events)
    }
}
