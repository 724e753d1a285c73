import Trace
import Scene

/// Reads the nodes of a manifest or fingerprint (parsed by the scene files' YAML reader) and
/// makes errors that say where: `path:line:column: what is wrong`.
struct ManifestNodeReader {
    let path: String
    /// The trace words rules read here may use: the scene's game's, or every game's.
    var vocabulary: TraceVocabulary
    /// Whether a scene's `scene:` must name a file that exists (a check or an update is about
    /// to open it; a manifest read alone need not).
    var sceneFilesMustExist = false

    /// The document in `text`, or its syntax error with its position; `whenEmpty` says what
    /// the file should have held.
    static func document(_ text: String, path: String, whenEmpty: String) throws -> DocumentNode {
        switch YAMLDocumentReader.read(text, whenEmpty: whenEmpty) {
        case .success(let root): return root
        case .failure(let error): throw GoldenManifestError(description: "\(path):\(error.position.line):\(error.position.column): \(error.message)")
        }
    }

    func error(_ node: DocumentNode, _ message: String) -> GoldenManifestError {
        error(at: node.position, message)
    }

    func error(at position: SourcePosition, _ message: String) -> GoldenManifestError {
        GoldenManifestError(description: "\(path):\(position.line):\(position.column): \(message)")
    }

    func mapping(_ node: DocumentNode, _ what: String) throws -> [String: DocumentNode] {
        guard case .mapping(let pairs) = node.value else { throw error(node, "\(what): expected a mapping of keys to values") }
        var result: [String: DocumentNode] = [:]
        for pair in pairs { result[pair.key] = pair.value }
        return result
    }

    func allowOnly(_ keys: [String], in map: [String: DocumentNode], of node: DocumentNode) throws {
        guard case .mapping(let pairs) = node.value else { return }
        for pair in pairs where !keys.contains(pair.key) {
            throw error(at: pair.keyPosition, "unknown key '\(pair.key)'" + SpellingSuggestion.hint(for: pair.key, among: keys)
                        + " (expected one of: \(keys.joined(separator: ", ")))")
        }
    }

    func integer(_ node: DocumentNode, _ what: String) throws -> Int {
        guard let text = node.scalarText, let value = Int(text) else { throw error(node, "\(what): expected a whole number") }
        return value
    }

    func nonNegative(_ node: DocumentNode, _ what: String) throws -> Int {
        let value = try integer(node, what)
        guard value >= 0 else { throw error(node, "\(what): expected 0 or more") }
        return value
    }
}

extension DocumentNode {
    /// The text of a scalar (quoted or not); nil for a mapping or a list.
    var scalarText: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    /// The items of a list; nil for a mapping or a scalar.
    var sequence: [DocumentNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }
}
