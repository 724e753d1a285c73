import Foundation

/// Decodes a `Decodable` value from a document the scene files' readers parsed (JSON or
/// YAML), so a file of the tool's own kinds (results, piece manifests) is reported as scene
/// files are: the first wrong value as one `SceneDiagnostic`, `file:line:column: what`.
package struct DocumentDecoder {
    /// The file named in diagnostics.
    package var file: String
    /// Whether a Swift key `sceneHash` is written `scene_hash` in the file.
    package var snakeCaseKeys: Bool
    /// Whether a text must be quoted, as in JSON (where `1` is a number); YAML's plain
    /// scalars are texts too.
    package var quotedTexts: Bool

    package init(file: String, snakeCaseKeys: Bool = false, quotedTexts: Bool = false) {
        self.file = file
        self.snakeCaseKeys = snakeCaseKeys
        self.quotedTexts = quotedTexts
    }

    /// The value `node` holds; throws `SceneErrors` with the position of the first wrong value.
    package func decode<T: Decodable>(_ type: T.Type, from node: DocumentNode) throws -> T {
        do {
            return try T(from: NodeDecoder(node: node, codingPath: [], options: self))
        } catch let error as DocumentDecodingError {
            throw SceneErrors(diagnostics: [SceneDiagnostic(file: file, line: error.position.line,
                                                            column: error.position.column, message: error.message)])
        } catch let error as DecodingError {
            // A type's own check (an unknown status, say): at the value its path leads to.
            guard case .dataCorrupted(let context) = error else { throw error }
            let at = self.node(at: context.codingPath, in: node)
            throw SceneErrors(diagnostics: [SceneDiagnostic(file: file, line: at.position.line, column: at.position.column,
                                                            message: "\(describe(context.codingPath)): \(context.debugDescription)")])
        }
    }

    /// The deepest node of `root` that `path` leads to.
    private func node(at path: [CodingKey], in root: DocumentNode) -> DocumentNode {
        var current = root
        for key in path {
            switch current.value {
            case .mapping(let pairs):
                guard let next = pairs.first(where: { $0.key == fileKey(key) })?.value else { return current }
                current = next
            case .sequence(let items):
                guard let index = key.intValue, items.indices.contains(index) else { return current }
                current = items[index]
            case .scalar:
                return current
            }
        }
        return current
    }

    /// The key as the file writes it.
    func fileKey(_ key: CodingKey) -> String {
        guard snakeCaseKeys else { return key.stringValue }
        var result = ""
        for character in key.stringValue {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// A wrong value and where it is.
struct DocumentDecodingError: Error {
    let position: SourcePosition
    let message: String
}

/// The dotted path of a value, for messages: `frames[2].status`.
private func describe(_ path: [CodingKey]) -> String {
    var text = ""
    for key in path {
        if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
    }
    return text.isEmpty ? "the document" : text
}

private struct NodeDecoder: Decoder {
    let node: DocumentNode
    let codingPath: [CodingKey]
    let options: DocumentDecoder
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .mapping(let pairs) = node.value else {
            throw DocumentDecodingError(position: node.position, message: "\(describe(codingPath)): expected a mapping, found \(node.kindDescription)")
        }
        return KeyedDecodingContainer(KeyedNodeContainer<Key>(node: node, pairs: pairs, codingPath: codingPath, options: options))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .sequence(let items) = node.value else {
            throw DocumentDecodingError(position: node.position, message: "\(describe(codingPath)): expected a list, found \(node.kindDescription)")
        }
        return UnkeyedNodeContainer(node: node, items: items, codingPath: codingPath, options: options)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { ScalarContainer(node: node, codingPath: codingPath, options: options) }
}

/// A position in a list, as a coding key.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let node: DocumentNode
    let pairs: [DocumentNode.Pair]
    let codingPath: [CodingKey]
    let options: DocumentDecoder

    var allKeys: [Key] { pairs.compactMap { pair in Key(stringValue: pair.key) } }

    private func value(_ key: Key) -> DocumentNode? {
        let name = options.fileKey(key)
        return pairs.first { $0.key == name }?.value
    }

    private func required(_ key: Key) throws -> DocumentNode {
        guard let value = value(key) else {
            throw DocumentDecodingError(position: node.position,
                                        message: "\(describe(codingPath)): expected the key '\(options.fileKey(key))'")
        }
        return value
    }

    func contains(_ key: Key) -> Bool { value(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { value(key)?.isNull ?? true }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: NodeDecoder(node: try required(key), codingPath: codingPath + [key], options: options))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(node: try required(key), codingPath: codingPath + [key], options: options).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try NodeDecoder(node: try required(key), codingPath: codingPath + [key], options: options).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder { NodeDecoder(node: node, codingPath: codingPath, options: options) }

    func superDecoder(forKey key: Key) throws -> Decoder {
        NodeDecoder(node: try required(key), codingPath: codingPath + [key], options: options)
    }
}

private struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let node: DocumentNode
    let items: [DocumentNode]
    let codingPath: [CodingKey]
    let options: DocumentDecoder
    private(set) var currentIndex = 0

    init(node: DocumentNode, items: [DocumentNode], codingPath: [CodingKey], options: DocumentDecoder) {
        self.node = node
        self.items = items
        self.codingPath = codingPath
        self.options = options
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> (DocumentNode, [CodingKey]) {
        guard !isAtEnd else {
            throw DocumentDecodingError(position: node.position, message: "\(describe(codingPath)): expected more items")
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (item, path) = try next()
        return try T(from: NodeDecoder(node: item, codingPath: path, options: options))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (item, path) = try next()
        return try NodeDecoder(node: item, codingPath: path, options: options).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let (item, path) = try next()
        return try NodeDecoder(node: item, codingPath: path, options: options).unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder {
        let (item, path) = try next()
        return NodeDecoder(node: item, codingPath: path, options: options)
    }
}

/// A scalar: text (quoted or plain), a number, a flag or null, checked against the type asked for.
private struct ScalarContainer: SingleValueDecodingContainer {
    let node: DocumentNode
    let codingPath: [CodingKey]
    let options: DocumentDecoder

    private func text(_ expected: String) throws -> (String, quoted: Bool) {
        guard case .scalar(let text, let quoted) = node.value, !node.isNull else {
            throw DocumentDecodingError(position: node.position, message: "\(describe(codingPath)): expected \(expected), found \(node.kindDescription)")
        }
        return (text, quoted)
    }

    private func plain<T>(_ expected: String, _ parse: (String) -> T?) throws -> T {
        let (text, quoted) = try text(expected)
        guard !quoted, let value = parse(text) else {
            throw DocumentDecodingError(position: node.position, message: "\(describe(codingPath)): expected \(expected), found \(node.kindDescription)")
        }
        return value
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T { try plain("a whole number") { T($0) } }

    func decodeNil() -> Bool { node.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try plain("true or false") { ["true": true, "false": false][$0] } }
    func decode(_ type: String.Type) throws -> String {
        let (text, quoted) = try text("a text")
        guard quoted || !options.quotedTexts else {
            throw DocumentDecodingError(position: node.position, message: "\(describe(codingPath)): expected a text in quotes, found \(node.kindDescription)")
        }
        return text
    }
    func decode(_ type: Double.Type) throws -> Double { try plain("a number") { Double($0) } }
    func decode(_ type: Float.Type) throws -> Float { try plain("a number") { Float($0) } }
    func decode(_ type: Int.Type) throws -> Int { try integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: NodeDecoder(node: node, codingPath: codingPath, options: options)) }
}
