extension World {
    /// Every live entity with its components, one line each, sorted by entity index and
    /// then by component type name: two worlds given the same calls dump the same text.
    public func dump() -> String {
        var lines: [String] = []
        let ordered = storages.sorted { $0.typeName < $1.typeName }
        for entity in entities {
            var parts: [String] = []
            for storage in ordered {
                if let text = storage.describeComponent(of: entity) { parts.append(text) }
            }
            lines.append("\(entity): " + parts.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
