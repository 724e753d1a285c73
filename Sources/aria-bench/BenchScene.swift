import Catalogue
import GameKit

/// The scene the engine's figures are measured on: the default game's built-in scene, run
/// through the same seam as `render` (the bench names no game).
enum BenchScene {
    /// A run of the built-in scene at `width`×`height`, lasting `seconds` when given.
    static func run(width: Int, height: Int, seconds: Double? = nil) -> any GameRun {
        do {
            return try Catalogue.games.builtIn().makeRun(RunOptions(width: width, height: height, duration: seconds))
        } catch {
            preconditionFailure("the built-in scene cannot run: \(error)")
        }
    }

    /// The built-in scene's text.
    static var text: String { (try? Catalogue.games.builtIn().game.builtInScene.text) ?? "" }
}
