import Scene
import Trace

/// The games the engine can run, and the way from a scene file to its game: the file is read
/// once, its `game:` picks the game (the princess game when absent), and the game reads the rest.
public struct GameCatalogue: Sendable {
    /// Every game, in the lobby's order.
    public let games: [any GameModule]

    /// A catalogue of `games` (ids unique).
    public init(_ games: [any GameModule]) { self.games = games }

    /// The game with id `id`, if there is one.
    public func game(_ id: String) -> (any GameModule)? { games.first { $0.id == id } }

    /// The font faces its games draw with beyond the HUD's, in order.
    public var fontFaces: [String] { games.flatMap(\.fontFaces) }

    /// The ids, in order.
    public var ids: [String] { games.map(\.id) }

    /// Writes `character`'s built-in look as a skin folder, by the game that draws it; throws
    /// `GameRunError` naming the characters when no game does.
    public func exportSkin(character: String, to folder: String) throws -> [String] {
        guard let game = games.first(where: { $0.skinCharacters.contains(character) }) else {
            let known = games.flatMap(\.skinCharacters).joined(separator: ", ")
            throw GameRunError("--character \(character): no game draws it with skins (characters: \(known))")
        }
        return try game.exportSkin(character: character, to: folder)
    }

    /// Every game's trace words together (for rules that apply to scenes of any game): the
    /// events by which characters arrive and leave only if every game names the same ones, so
    /// that no game's words are read as another's.
    public var vocabulary: TraceVocabulary {
        var merged = games.dropFirst().reduce(games.first?.vocabulary ?? TraceVocabulary(events: [], settings: [])) { $0.merged(with: $1.vocabulary) }
        let presences = games.map(\.vocabulary.presence)
        merged.presence = presences.allSatisfy { $0 == presences.first ?? nil } ? presences.first ?? nil : nil
        return merged
    }

    /// The trace words of the game of the scene file at `path` (its `game:`); every game's
    /// when the file cannot be read or names no known game (the scene's own error comes later).
    public func vocabulary(ofSceneAt path: String) -> TraceVocabulary {
        game(ofSceneAt: path)?.vocabulary ?? vocabulary
    }

    /// The game of the scene file at `path` (its `game:`); nil when the file cannot be read or
    /// names no known game.
    public func game(ofSceneAt path: String) -> (any GameModule)? {
        guard let document = try? SceneDocument.load(path: path) else { return nil }
        var id = SceneHeader.defaultGame
        if let node = document.topLevel("game"), case .scalar(let text, _) = node.value { id = text }
        return game(id)
    }

    /// Reads, validates and opens the scene file at `path`; throws `SceneErrors`.
    public func open(path: String) throws -> OpenedScene {
        try open(try SceneDocument.load(path: path))
    }

    /// Validates scene text; `fileName` picks the format and names the scene. Throws `SceneErrors`.
    public func parse(_ text: String, fileName: String) throws -> OpenedScene {
        try open(try SceneDocument.parse(text, fileName: fileName))
    }

    /// The built-in scene of the game `id` (of the princess game when nil); throws
    /// `GameRunError` for an unknown id.
    public func builtIn(_ id: String? = nil) throws -> OpenedScene {
        let gameID = id ?? SceneHeader.defaultGame
        guard let game = game(gameID) else { throw unknownGame(gameID) }
        let scene = game.builtInScene
        do {
            return try open(try SceneDocument.parse(scene.text, fileName: scene.fileName))
        } catch {
            // The built-in texts are tested to be valid; reaching this is a build defect.
            preconditionFailure("the built-in scene of \(gameID) is invalid: \(error)")
        }
    }

    /// The error for a game id no game has, with a "did you mean" and the list.
    public func unknownGame(_ id: String) -> GameRunError {
        GameRunError("unknown game \(SceneFileLimits.quoted(id))" + SpellingSuggestion.hint(for: id, among: ids)
                     + " (the games: \(ids.joined(separator: ", ")); `aria-render games` lists them)")
    }

    private func open(_ document: SceneDocument) throws -> OpenedScene {
        var gameID = SceneHeader.defaultGame
        if let node = document.topLevel("game"), case .scalar(let text, _) = node.value, !node.isNull {
            guard game(text) != nil else {
                throw SceneErrors(diagnostics: [SceneDiagnostic(
                    file: document.file, line: node.position.line, column: node.position.column,
                    message: "unknown game \(SceneFileLimits.quoted(text)) in game" + SpellingSuggestion.hint(for: text, among: ids)
                        + " (expected one of: \(ids.joined(separator: ", ")))")])
            }
            gameID = text
        }
        let game = game(gameID)!
        if let misuse = EngineTraceWords.misuses(in: game.vocabulary, game: game.id).first { throw GameRunError(misuse) }
        var document = document
        document.defaultCanvas = game.defaultCanvas
        return OpenedScene(game: game, scene: try game.decodeScene(document))
    }
}

/// A scene file opened: its game and the validated scene.
public struct OpenedScene: Sendable {
    /// The game the scene belongs to.
    public let game: any GameModule
    /// The scene.
    public var scene: any GameScene

    /// A scene of `game`.
    public init(game: any GameModule, scene: any GameScene) {
        self.game = game
        self.scene = scene
    }

    /// A run of the scene with `options`; throws `GameRunError`.
    public func makeRun(_ options: RunOptions = RunOptions()) throws -> any GameRun {
        try game.makeRun(of: scene, options: options)
    }
}
