import Foundation
import Scene

/// Reads scene files (YAML or JSON, by extension) into validated `SceneDescription`s.
public enum SceneLoader {
    /// The top-level keys a princess scene file may have, in documentation order.
    public static var topLevelKeys: [String] { SceneFileDecoder.topLevelKeys }

    /// Reads and validates the scene at `path`; throws `SceneErrors` listing every problem,
    /// including a file that cannot be read.
    public static func load(path: String) throws -> SceneDescription {
        try decode(try SceneDocument.load(path: path))
    }

    /// Validates scene text; `fileName` picks the format by extension (.json, .yaml, .yml),
    /// names the scene and appears in diagnostics.
    public static func parse(_ text: String, fileName: String) throws -> SceneDescription {
        try decode(try SceneDocument.parse(text, fileName: fileName))
    }

    /// The princess scene a parsed document describes; throws `SceneErrors`.
    public static func decode(_ document: SceneDocument) throws -> SceneDescription {
        let reader = ValueReader(file: document.file)
        guard let scene = SceneFileDecoder(reader: reader, name: document.name).decode(document.root) else {
            throw SceneErrors(diagnostics: reader.diagnostics, leading: document.file)
        }
        return scene
    }

    /// Every skin folder a document's `skins:` entries name (at the top and in the timeline)
    /// that has a skin.yaml, whatever their keys: a scene with problems still has its skins
    /// read, so theirs show beside the scene's.
    public static func skinFolders(in document: SceneDocument) -> [String] {
        SceneFileDecoder(reader: ValueReader(file: document.file), name: document.name).skinFolders(in: document.root)
    }

    /// The built-in scene, shipped in the binary (the same text as Scenes/princess/default.yaml).
    public static var defaultScene: SceneDescription {
        do {
            return try parse(DefaultScene.yaml, fileName: "default.yaml")
        } catch {
            // The built-in text is tested to be valid; reaching this is a build defect.
            preconditionFailure("the built-in default scene is invalid: \(error)")
        }
    }
}
