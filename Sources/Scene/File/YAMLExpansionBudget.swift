import Yams

/// Counts what a composed YAML document expands to before anything walks it in full.
///
/// Yams resolves an alias by sharing the anchored node (a copy-on-write value), so composing
/// a "billion laughs" file is cheap; what is costly is every later walk, which sees each alias
/// expanded. This walk stops at `SceneFileLimits.maxValues` values or
/// `SceneFileLimits.maxDepth` levels, so it costs at most that many steps, and names the alias
/// written in the file through which the budget ran out.
package struct YAMLExpansionBudget {
    private let text: String
    private var count = 0
    /// The alias written in the file that the current path went through, once inside one.
    private var alias: YAMLAliasLocator.Alias?
    /// Scanned only when a file has an alias in it.
    private var locator: YAMLAliasLocator?

    /// Nil when `root` fits the limits, else the error.
    package static func check(_ root: Node, text: String) -> SyntaxError? {
        var budget = YAMLExpansionBudget(text: text)
        do {
            _ = try budget.visit(root, depth: 1, after: nil)
            return nil
        } catch {
            return error
        }
    }

    private init(text: String) { self.text = text }

    /// Walks `node`; returns where it is written, the place the next sibling comes after.
    private mutating func visit(_ node: Node, depth: Int, after predecessor: SourcePosition?) throws(SyntaxError) -> SourcePosition {
        var position = node.mark.map { SourcePosition(line: $0.line, column: $0.column) }
            ?? predecessor ?? SourcePosition(line: 1, column: 1)
        // An anchored node precedes its aliases in the file, so a node that starts before
        // the one walked just before it is an alias's copy, written after `predecessor`.
        var enteredAlias = false
        if alias == nil, let predecessor, position < predecessor {
            if locator == nil { locator = YAMLAliasLocator(text) }
            alias = locator?.firstAlias(after: predecessor)
                ?? YAMLAliasLocator.Alias(position: predecessor, name: "")
            enteredAlias = true
        }
        defer { if enteredAlias { alias = nil } }
        if enteredAlias, let alias { position = alias.position }

        count += 1
        if count > SceneFileLimits.maxValues {
            throw failure(at: position, "the scene expands to more than \(SceneFileLimits.maxValues) values",
                          limit: "a scene file may hold at most \(SceneFileLimits.maxValues)")
        }
        if depth > SceneFileLimits.maxDepth {
            throw failure(at: position, "malformed YAML: nested more than \(SceneFileLimits.maxDepth) levels deep",
                          limit: "a scene file may nest at most \(SceneFileLimits.maxDepth) levels")
        }
        // Inside an alias's copy the places are those of the anchored node.
        var previous = node.mark.map { SourcePosition(line: $0.line, column: $0.column) } ?? position
        switch node {
        case .scalar:
            break
        case .sequence(let sequence):
            for item in sequence {
                previous = max(previous, try visit(item, depth: depth + 1, after: previous))
            }
        case .mapping(let mapping):
            for (key, value) in mapping {
                previous = max(previous, try visit(key, depth: depth + 1, after: previous))
                previous = max(previous, try visit(value, depth: depth + 1, after: previous))
            }
        @unknown default:
            break
        }
        return position
    }

    private func failure(at position: SourcePosition, _ problem: String, limit: String) -> SyntaxError {
        guard let alias else { return SyntaxError(position: position, message: "\(problem); \(limit)") }
        let name = alias.name.isEmpty ? "an alias" : "the alias '*\(alias.name)'"
        return SyntaxError(position: alias.position,
                           message: "\(problem) through \(name) (aliases of aliases multiply); \(limit), aliases expanded")
    }
}

extension SourcePosition: Comparable {
    package static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        a.line != b.line ? a.line < b.line : a.column < b.column
    }
}
