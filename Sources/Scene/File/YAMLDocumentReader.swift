import Yams

/// Reads YAML text into a `DocumentNode` with Yams, keeping each node's line and column.
package enum YAMLDocumentReader {
    /// The document, or the syntax error with its position; `whenEmpty` is the error of a
    /// file with no document (each kind of file says what it expected).
    package static func read(_ text: String,
                             whenEmpty: String = "the file is empty; expected a scene mapping starting with 'version: 1'")
        -> Result<DocumentNode, SyntaxError> {
        if let line = YAMLNestingGuard.firstTooDeepLine(in: text) {
            return .failure(SyntaxError(position: SourcePosition(line: line, column: 1),
                                        message: "malformed YAML: nested more than \(YAMLNestingGuard.limit) levels deep; "
                                            + "a scene file may nest at most \(YAMLNestingGuard.limit) levels"))
        }
        do {
            guard let root = try Yams.compose(yaml: text) else {
                return .failure(SyntaxError(position: SourcePosition(line: 1, column: 1),
                                            message: whenEmpty))
            }
            if let tooBig = YAMLExpansionBudget.check(root, text: text) { return .failure(tooBig) }
            return convert(root)
        } catch let error as YamlError {
            return .failure(syntaxError(from: error, in: text))
        } catch {
            return .failure(SyntaxError(position: SourcePosition(line: 1, column: 1), message: "malformed YAML: \(error)"))
        }
    }

    package static func convert(_ node: Node) -> Result<DocumentNode, SyntaxError> {
        let position = node.mark.map { SourcePosition(line: $0.line, column: $0.column) }
            ?? SourcePosition(line: 1, column: 1)
        if case .scalar(let scalar) = node {
            let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
                || scalar.style == .literal || scalar.style == .folded
            return .success(DocumentNode(value: .scalar(scalar.string, quoted: quoted), position: position))
        }
        if case .sequence(let sequence) = node {
            var items: [DocumentNode] = []
            for item in sequence {
                switch convert(item) {
                case .success(let converted): items.append(converted)
                case .failure(let error): return .failure(error)
                }
            }
            return .success(DocumentNode(value: .sequence(items), position: position))
        }
        if case .mapping(let mapping) = node {
            var pairs: [DocumentNode.Pair] = []
            for (key, value) in mapping {
                let keyPosition = key.mark.map { SourcePosition(line: $0.line, column: $0.column) } ?? position
                guard case .scalar(let keyScalar) = key else {
                    return .failure(SyntaxError(position: keyPosition, message: "a key must be a plain name, not a mapping or list"))
                }
                switch convert(value) {
                case .success(let converted):
                    pairs.append(DocumentNode.Pair(key: keyScalar.string, keyPosition: keyPosition, value: converted))
                case .failure(let error): return .failure(error)
                }
            }
            return .success(DocumentNode(value: .mapping(pairs), position: position))
        }
        // Newer Yams versions add node kinds (aliases) that a scene file has no use for.
        return .failure(SyntaxError(position: position, message: "unsupported YAML node; use plain mappings, lists and values"))
    }

    private static func syntaxError(from error: YamlError, in text: String) -> SyntaxError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let position = SourcePosition(line: mark.line, column: mark.column)
            let opened = context.map { SourcePosition(line: $0.mark.line, column: $0.mark.column) }
            return SyntaxError(position: position,
                               message: "malformed YAML: " + YAMLSlipWording.explain(problem: problem, context: context?.text,
                                                                                       contextMark: opened, at: position, in: text))
        case .reader(let problem, let offset, _, let yaml):
            return SyntaxError(position: position(ofOffset: offset ?? 0, in: yaml), message: "malformed YAML: \(problem)")
        default:
            return SyntaxError(position: SourcePosition(line: 1, column: 1),
                               message: "malformed YAML: " + "\(error)".prefix(200))
        }
    }

    private static func position(ofOffset offset: Int, in text: String) -> SourcePosition {
        var line = 1, column = 1
        for (index, byte) in text.utf8.enumerated() {
            if index >= offset { break }
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return SourcePosition(line: line, column: column)
    }
}

/// A file that is not well-formed YAML or JSON, at the place the reader gave up.
package struct SyntaxError: Error, Sendable {
    package var position: SourcePosition
    package var message: String
}
