/// A position in a scene file, 1-based.
package struct SourcePosition: Sendable, Equatable {
    package var line: Int
    package var column: Int
}

/// A parsed YAML or JSON document, reduced to what the scene schema needs: scalars (with
/// whether they were quoted, so `"1"` stays a string), mappings in file order, sequences,
/// each with its position.
package struct DocumentNode: Sendable {
    /// One key of a mapping with its value.
    package struct Pair: Sendable {
        package var key: String
        package var keyPosition: SourcePosition
        package var value: DocumentNode
    }

    package enum Value: Sendable {
        case scalar(String, quoted: Bool)
        case mapping([Pair])
        case sequence([DocumentNode])
    }

    package var value: Value
    package var position: SourcePosition

    /// Whether this is a null: `null`, `~` or nothing at all, unquoted.
    package var isNull: Bool {
        if case .scalar(let text, false) = value { return text.isEmpty || text == "null" || text == "~" }
        return false
    }

    /// What kind of node this is, for messages ("a mapping", "a list", "the text 'x'").
    package var kindDescription: String {
        switch value {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let text, _): return isNull ? "nothing" : SceneFileLimits.quoted(text)
        }
    }
}
