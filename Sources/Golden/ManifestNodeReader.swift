import Trace
import SceneFile
import Yams

/// Reads YAML nodes and makes errors that say where.
struct ManifestNodeReader {
    let path: String
    /// The trace words rules read here may use: the scene's game's, or every game's.
    var vocabulary: TraceVocabulary

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
            throw error(key, "unknown key '\(name)'" + SpellingSuggestion.hint(for: name, among: keys)
                        + " (expected one of: \(keys.joined(separator: ", ")))")
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

}
