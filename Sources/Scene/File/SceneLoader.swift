import Foundation

/// Reads scene files (YAML or JSON, by extension) into validated `SceneDescription`s.
public enum SceneLoader {
    /// Reads and validates the scene at `path`; throws `SceneErrors` listing every problem,
    /// including a file that cannot be read.
    public static func load(path: String) throws -> SceneDescription {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
            throw SceneErrors(diagnostics: [SceneDiagnostic(file: path, line: 1, column: 1, message: "the scene file \(reason)")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SceneErrors(diagnostics: [SceneDiagnostic(file: path, line: 1, column: 1, message: "the scene file is not UTF-8 text")])
        }
        return try parse(text, fileName: path)
    }

    /// Validates scene text; `fileName` picks the format by extension (.json, .yaml, .yml),
    /// names the scene and appears in diagnostics.
    public static func parse(_ text: String, fileName: String) throws -> SceneDescription {
        let url = URL(fileURLWithPath: fileName)
        let fileExtension = url.pathExtension.lowercased()
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
