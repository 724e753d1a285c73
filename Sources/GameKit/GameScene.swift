import Scene
import Trace

/// A validated scene of some game: the engine reads its header, its rules and the settings it
/// starts with; everything else is the game's own.
public protocol GameScene: Sendable {
    /// The engine's part of the file: game, canvas, rates, seed, length.
    var header: SceneHeader { get }
    /// The rules written in the scene file (docs/rules.md).
    var rules: [SceneRule] { get }
    /// The settings the scene starts with, by the trace's names and as it writes their values
    /// (where a rule's `while` begins).
    var startSettings: [String: String] { get }
    /// The clap sensitivity the scene starts with (`easy`, `medium`, `hard`), for the claps of a
    /// recording or a microphone; nil for a game that does not listen for claps.
    var clapSensitivity: String? { get }
    /// The scene with claps heard at `times` (seconds) from `source` added to its timeline and
    /// `recording` as its clap audio; the scene itself for a game that does not listen for claps.
    func addingClaps(at times: [Double], source: String, recording: String) -> any GameScene
    /// What it holds, in a few words for `validate` (`4 characters, 14 timeline entries`).
    var outline: String { get }
    /// The files it was read from besides the scene file (moves files): a studio reloads
    /// when one changes.
    var usedFiles: [String] { get }
}

extension GameScene {
    /// The scene's name.
    public var name: String { header.name }

    /// No settings traced at the start, unless the game has some.
    public var startSettings: [String: String] { [:] }

    /// Not listening for claps, unless the game does.
    public var clapSensitivity: String? { nil }

    /// No files but the scene file, unless the game reads some.
    public var usedFiles: [String] { [] }

    /// The scene itself: claps change nothing in a game that does not listen for them.
    public func addingClaps(at times: [Double], source: String, recording: String) -> any GameScene { self }
}
