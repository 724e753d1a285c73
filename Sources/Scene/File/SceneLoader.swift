import Foundation

/// Reads scene files (YAML or JSON, by extension) into validated `SceneDescription`s.
public enum SceneLoader {
    /// Reads and validates the scene at `path`; throws `SceneErrors` listing every problem,
    /// including a file that cannot be read.
    public static func load(path: String) throws -> SceneDescription {
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

    /// Validates scene text; `fileName` picks the format by extension (.json, .yaml, .yml),
    /// names the scene and appears in diagnostics.
    public static func parse(_ text: String, fileName: String) throws -> SceneDescription {
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
        let root: DocumentNode
        switch document {
        case .success(let node): root = node
        case .failure(let error):
            throw SceneErrors(diagnostics: [SceneDiagnostic(file: fileName, line: error.position.line,
                                                            column: error.position.column, message: error.message)])
        }
        let reader = ValueReader(file: fileName)
        let name = url.deletingPathExtension().lastPathComponent
        guard let scene = SceneFileDecoder(reader: reader, name: name).decode(root) else {
            throw SceneErrors(diagnostics: reader.diagnostics)
        }
        return scene
    }

    /// The built-in scene, shipped in the binary (the same text as Scenes/default.yaml).
    public static var defaultScene: SceneDescription {
        do {
            return try parse(DefaultScene.yaml, fileName: "default.yaml")
        } catch {
            // The built-in text is tested to be valid; reaching this is a build defect.
            preconditionFailure("the built-in default scene is invalid: \(error)")
        }
    }
}
