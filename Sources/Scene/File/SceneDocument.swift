import Foundation

/// A scene file read and parsed, before any game reads its keys: the document with every
/// node's position, the file name diagnostics give, and the scene's name. Every game's scene
/// files pass through here, so the caps against hostile files hold for all of them.
public struct SceneDocument: Sendable {
    /// The top of the document.
    package let root: DocumentNode
    /// The file name used in diagnostics.
    public let file: String
    /// The scene's name: its file name without extension.
    public let name: String
    /// The canvas when the file writes no `canvas:`: its game's (set by the catalogue that
    /// opens it for the game), landscape 1280x720 otherwise.
    public var defaultCanvas = SceneHeader.defaultCanvas

    /// Reads and parses the scene file at `path`; throws `SceneErrors` (a file that cannot be
    /// read, is too large, is not UTF-8 or is not valid YAML or JSON), with its position.
    public static func load(path: String) throws -> SceneDocument {
        func failure(_ line: Int, _ column: Int, _ message: String) -> SceneErrors {
            SceneErrors(diagnostics: [SceneDiagnostic(file: path, line: line, column: column, message: message)])
        }
        let bytes: [UInt8]
        switch SceneFileReader.read(path: path, limit: SceneFileLimits.maxBytes) {
        case .success(let read): bytes = read
        case .failure(.missing): throw failure(1, 1, "the scene file does not exist")
        case .failure(.unreadable(let reason)): throw failure(1, 1, "the scene file cannot be read (\(reason))")
        case .failure(.tooLarge(let size)):
            throw failure(1, 1, "the scene file is too large (\(size.map { "\($0) bytes" } ?? "more than the limit")); "
                          + "a scene file may be at most \(SceneFileLimits.maxBytes) bytes")
        }
        if let bad = SceneFileReader.firstInvalidUTF8(in: bytes) {
            throw failure(bad.line, bad.column, "the scene file is not UTF-8 text: byte 0x"
                          + String(bytes[bad.offset], radix: 16, uppercase: true)
                          + " at byte \(bad.offset) is not valid UTF-8; save the file as UTF-8")
        }
        return try parse(String(decoding: bytes, as: UTF8.self), fileName: path)
    }

    /// Parses scene text; `fileName` picks the format by extension (.json, .yaml, .yml),
    /// names the scene and appears in diagnostics. Throws `SceneErrors`.
    public static func parse(_ text: String, fileName: String) throws -> SceneDocument {
        // A byte-order mark, as some editors write, is no part of the scene.
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        let url = URL(fileURLWithPath: fileName)
        let fileExtension = url.pathExtension.lowercased()
        let size = text.utf8.count
        if size > SceneFileLimits.maxBytes {
            throw SceneErrors(diagnostics: [SceneDiagnostic(
                file: fileName, line: 1, column: 1,
                message: "the scene file is too large (\(size) bytes); a scene file may be at most \(SceneFileLimits.maxBytes) bytes")])
        }
        let document: Result<DocumentNode, SyntaxError>
        switch fileExtension {
        case "json": document = JSONDocumentReader.read(text)
        case "yaml", "yml": document = YAMLDocumentReader.read(text)
        default:
            throw SceneErrors(diagnostics: [SceneDiagnostic(
                file: fileName, line: 1, column: 1,
                message: "unknown scene file extension '.\(fileExtension)'; expected .yaml, .yml or .json")])
        }
        switch document {
        case .success(let node):
            return SceneDocument(root: node, file: fileName, name: url.deletingPathExtension().lastPathComponent)
        case .failure(let error):
            throw SceneErrors(diagnostics: [SceneDiagnostic(file: fileName, line: error.position.line,
                                                            column: error.position.column, message: error.message)])
        }
    }

    /// The value of the top-level key `key`, when the document is a mapping that has it.
    package func topLevel(_ key: String) -> DocumentNode? {
        guard case .mapping(let pairs) = root.value else { return nil }
        return pairs.first { $0.key == key }?.value
    }
}
