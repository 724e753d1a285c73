import ArgumentParser
import Catalogue
import Foundation
import GameKit
import Scene

/// The optional SCENE argument of `render`, `simulate` and `demo`, and `--game`: a scene file
/// (of the game it names), or a game's built-in scene when it is left out.
struct SceneArgument: ParsableArguments {
    @Argument(help: "The scene file (.yaml, .yml or .json); the game's built-in scene when omitted.", transform: OptionNotice.scenePath)
    var path: String?

    @Option(name: .long, help: ArgumentHelp(
        "The game: its built-in scene without SCENE; with SCENE, the scene's game must be it ('aria-render games' lists them).",
        valueName: "id"))
    var game: String?

    /// The validated scene with its game. An invalid file prints each problem as
    /// `file:line:column: …` on standard error and fails as bad input; so does a scene of
    /// another game than `--game`.
    func load() throws -> OpenedScene { try Self.load(path: path, game: game) }

    /// The scene at `path` (the built-in scene of `game` when nil), as `load()` reads it.
    static func load(path: String?, game: String?) throws -> OpenedScene {
        let games = Catalogue.games
        if let game, games.game(game) == nil { throw ToolFailure(.badInput, games.unknownGame(game).description) }
        guard let path = path.map(OptionNotice.scenePath) else { return try games.builtIn(game) }
        let opened: OpenedScene
        do {
            opened = try games.open(path: path)
        } catch let errors as SceneErrors {
            for diagnostic in errors.diagnostics { Validate.printToStandardError(diagnostic.description) }
            throw ToolFailure(.badInput, "the scene file \(path)\(errors.diagnostics.allSatisfy { $0.file == path } ? "" : " or a file it names") is invalid")
        }
        if let game, opened.game.id != game {
            throw ToolFailure(.badInput, "\(path) is a scene of the game \(opened.game.id), not of \(game) (--game)")
        }
        return opened
    }

    /// What decides the frames besides the options: the scene file's bytes, or the built-in text.
    func sceneBytes(of opened: OpenedScene) throws -> [UInt8] {
        guard let path else { return Array(opened.game.builtInScene.text.utf8) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ToolFailure(.badInput, "cannot read the scene file \(path)")
        }
        return Array(data)
    }
}
