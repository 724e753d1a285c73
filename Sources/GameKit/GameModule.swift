import Audio
import SavedState
import Scene
import Trace

/// A game as the engine sees it (the platform document's `GameModule`): its card for the lobby, how it
/// reads its scene files, its built-in scene, the words of its trace, its sounds, and how it
/// makes a run of one of its scenes. The engine never names a game; the catalogue lists them.
public protocol GameModule: Sendable {
    /// Its card in the lobby.
    var info: GameInfo { get }
    /// The top-level keys its scene files may have (the header's included), in documentation order.
    var sceneKeys: [String] { get }
    /// Its built-in scene: a file name (for the scene's name and format) and the text.
    var builtInScene: (fileName: String, text: String) { get }
    /// The events, fields, settings, closed sets of values and number fields its trace writes
    /// (rules are read against them, so a rule that could never fire is bad input).
    var vocabulary: TraceVocabulary { get }
    /// Its sounds, synthesised once.
    var sounds: SoundBank { get }
    /// The sounds of a run of one of its scenes: `sounds` and what the scene, or the profile in
    /// `options`, adds (lines it speaks).
    func sounds(for scene: any GameScene, options: RunOptions) throws -> SoundBank
    /// Font faces (fontconfig patterns, "NanumSquareRound:bold") it draws with beyond the HUD's,
    /// so that the goldens' fingerprint names their files.
    var fontFaces: [String] { get }
    /// The canvas of its scene files that write no `canvas:` (a portrait phone game's is
    /// portrait); the catalogue hands it to `decodeScene` as the document's `defaultCanvas`.
    var defaultCanvas: CanvasSize { get }
    /// The scene a parsed document describes; throws `SceneErrors` with every problem.
    func decodeScene(_ document: SceneDocument) throws -> any GameScene
    /// A run of `scene` (one of its own) with `options`; throws `GameRunError` for an option
    /// the scene cannot take.
    func makeRun(of scene: any GameScene, options: RunOptions) throws -> any GameRun
    /// A reader of a run of `scene` that tells what its file cannot (`validate`'s warnings); nil: none.
    func makeReviewer(of scene: any GameScene) -> (any SceneReviewer)?
    /// The check over many seeds its scenes may take (`sync-check`); nil when it has none.
    var seedSweep: (any SeedSweep)? { get }
    /// Speed figures of its own, which `aria-bench` runs by name.
    var benchmarks: [any GameBenchmark] { get }
    /// The tables it keeps in a profile beside its values (a catalogue); nil when it keeps none.
    var profileTables: ProfileTables? { get }
    /// The characters whose built-in look `exportSkin` writes as a skin (docs/skins.md).
    var skinCharacters: [String] { get }
    /// Writes `character`'s built-in look as a skin folder at `folder`; the files written.
    func exportSkin(character: String, to folder: String) throws -> [String]
}

extension GameModule {
    /// The game's id.
    public var id: String { info.id }

    /// Its own bank, unless its scenes add sounds.
    public func sounds(for scene: any GameScene, options: RunOptions) throws -> SoundBank { sounds }

    /// The header's landscape 1280x720, unless the game has its own.
    public var defaultCanvas: CanvasSize { SceneHeader.defaultCanvas }

    /// The HUD's faces only, unless it draws with others.
    public var fontFaces: [String] { [] }

    /// No reviewer, unless the game has one.
    public func makeReviewer(of scene: any GameScene) -> (any SceneReviewer)? { nil }

    /// No sweep, unless the game has one.
    public var seedSweep: (any SeedSweep)? { nil }

    /// No benchmarks of its own, unless the game has some.
    public var benchmarks: [any GameBenchmark] { [] }

    /// No tables of its own, unless the game keeps some.
    public var profileTables: ProfileTables? { nil }

    /// No skins, unless the game's painter takes them.
    public var skinCharacters: [String] { [] }

    /// Refuses: the game's painter takes no skins.
    public func exportSkin(character: String, to folder: String) throws -> [String] {
        throw GameRunError("the game \(id) draws no skins")
    }
}

/// Why a run could not be made: an option the scene cannot take (exit 2).
public struct GameRunError: Error, CustomStringConvertible, Equatable {
    /// What is wrong, in one line.
    public let description: String
    /// The scene is right but needs a profile holding what it names (`validate` has none, so it
    /// says the scene was not run instead of refusing it).
    public let needsProfile: Bool

    /// An error saying `description`.
    public init(_ description: String, needsProfile: Bool = false) {
        self.description = description
        self.needsProfile = needsProfile
    }
}
