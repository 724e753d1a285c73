import ArgumentParser
import Scene

/// The optional SCENE argument of `render`, `simulate` and `demo`: a scene file, or the
/// built-in default scene when it is left out.
struct SceneArgument: ParsableArguments {
    @Argument(help: "The scene file (.yaml, .yml or .json); the built-in default scene when omitted.")
    var path: String?

    /// The validated scene. An invalid file prints each problem as `file:line:column: …`
    /// on standard error and fails as bad input.
    func load() throws -> SceneDescription {
        guard let path else { return SceneLoader.defaultScene }
        do {
            return try SceneLoader.load(path: path)
        } catch let errors as SceneErrors {
            for diagnostic in errors.diagnostics { Validate.printToStandardError(diagnostic.description) }
            throw ToolFailure(.badInput, "the scene file is invalid")
        }
    }
}
