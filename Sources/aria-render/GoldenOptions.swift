import ArgumentParser
import Catalogue
import Golden

/// The options `check` and `golden update` share: which golden folder, which scenes.
struct GoldenOptions: ParsableArguments {
    @Option(name: .customLong("golden"), help: "The folder holding manifest.yaml and the golden frames.")
    var folder: String = "Golden"

    @Option(name: .customLong("scene"), help: "Only this reference scene, named as `check` lists it, such as findit/hunt (may be repeated).")
    var sceneNames: [String] = []

    /// The manifest, or a bad-input failure saying what is wrong with it.
    func manifest() throws -> GoldenManifest {
        do { return try GoldenManifestReader.read(folder: folder, games: Catalogue.games, sceneFilesMustExist: true) } catch let error as GoldenManifestError { throw Self.failure(error) }
    }

    /// A manifest's problems: one line, or each on a line of its own and then how many.
    static func failure(_ error: GoldenManifestError) -> ToolFailure {
        guard error.problems.count > 1 else { return ToolFailure(.badInput, error.description + (error.isUnreadable ? " (is --golden the golden folder?)" : "")) }
        error.problems.forEach(Validate.printToStandardError)
        return ToolFailure(.badInput, "the golden manifest has \(error.problems.count) problems, each at its place above", problems: error.problems)
    }

    /// The manifest's scenes named by --scene (all when none), in manifest order.
    func scenes(of manifest: GoldenManifest) throws -> [GoldenScene] {
        do { return try manifest.scenes(named: sceneNames) } catch let error as GoldenManifestError { throw Self.failure(error) }
    }
}

extension GoldenSourceError {
    /// The failure the command reports: a bad scene is bad input, a failed render a failed part.
    var toolFailure: ToolFailure {
        switch self {
        case .badScene(let message): return ToolFailure(.badInput, message)
        case .renderFailed(let message): return ToolFailure(.systemFailure, message)
        }
    }
}
