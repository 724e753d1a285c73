import Yams

/// Reads YAML nodes and makes errors that say where.
struct NodeReader {
    let path: String

    func error(_ node: Node, _ message: String) -> GoldenManifestError {
        if let mark = node.mark {
            return GoldenManifestError(description: "\(path):\(mark.line):\(mark.column): \(message)")
        }
        return GoldenManifestError(description: "\(path): \(message)")
    }

    func mapping(_ node: Node, _ what: String) throws -> [String: Node] {
        guard let mapping = node.mapping else { throw error(node, "\(what): expected a mapping of keys to values") }
        var result: [String: Node] = [:]
        for (key, value) in mapping {
            guard let name = key.scalar?.string else { throw error(key, "\(what): expected text keys") }
            result[name] = value
        }
        return result
    }

    func allowOnly(_ keys: [String], in map: [String: Node], of node: Node) throws {
        guard let mapping = node.mapping else { return }
        for (key, _) in mapping {
            guard let name = key.scalar?.string, !keys.contains(name) else { continue }
            let suggestion = keys.min { editDistance($0, name) < editDistance($1, name) }
            let hint = suggestion.map { editDistance($0, name) <= 3 ? " (did you mean \"\($0)\"?)" : "" } ?? ""
            throw error(key, "unknown key \"\(name)\"\(hint); expected one of \(keys.joined(separator: ", "))")
        }
    }

    func integer(_ node: Node, _ what: String) throws -> Int {
        guard let text = node.scalar?.string, let value = Int(text) else { throw error(node, "\(what): expected a whole number") }
        return value
    }

    func nonNegative(_ node: Node, _ what: String) throws -> Int {
        let value = try integer(node, what)
        guard value >= 0 else { throw error(node, "\(what): expected 0 or more") }
        return value
    }

    /// Levenshtein distance, for "did you mean".
    func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
