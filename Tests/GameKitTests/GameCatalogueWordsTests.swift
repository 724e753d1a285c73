import Audio
import GameKit
import Scene
import Testing
import Trace

/// The catalogue keeps each game's words its own: a game that writes one of the engine's trace
/// events for something else is refused when its scene is opened, and rules written for every
/// game count characters only if every game names the same events for them.
@Suite struct GameCatalogueWordsTests {
    /// A game of no scenes but the words it is given.
    struct WordsGame: GameModule {
        let id: String
        let vocabulary: TraceVocabulary
        var info: GameInfo {
            GameInfo(id: id, displayName: id, description: "", iconName: "", requiredCVEvents: [], minAge: 3)
        }
        var sceneKeys: [String] { SceneHeader.keys }
        var builtInScene: (fileName: String, text: String) { ("\(id).yaml", "version: 1\ngame: \(id)\n") }
        var sounds: SoundBank { SoundBank(recipes: []) }
        func decodeScene(_ document: SceneDocument) throws -> any GameScene { throw GameRunError("decoded") }
        func makeRun(of scene: any GameScene, options: RunOptions) throws -> any GameRun { throw GameRunError("no runs") }
    }

    static let princesses = CharacterPresence(appears: "spawn", leaves: "remove")

    @Test func aGameWritingAnEngineWordForSomethingElseIsRefusedInOneLine() {
        let kite = WordsGame(id: "kite", vocabulary: TraceVocabulary(events: [("sound", ["pitch"])], settings: []))
        let catalogue = GameCatalogue([kite])
        #expect(throws: GameRunError.self) { try catalogue.parse("version: 1\ngame: kite\n", fileName: "wind.yaml") }
        do {
            _ = try catalogue.parse("version: 1\ngame: kite\n", fileName: "wind.yaml")
        } catch {
            #expect("\(error)".hasPrefix("game 'kite' writes the trace event 'sound' without the field sound, but the engine reads"))
            #expect(!"\(error)".contains("\n"))
        }
        // The same game with the engine's words as meant reaches its own decoder.
        let fair = GameCatalogue([WordsGame(id: "kite", vocabulary: TraceVocabulary(events: [("sound", ["sound"])], settings: []))])
        #expect(throws: GameRunError("decoded")) { try fair.parse("version: 1\ngame: kite\n", fileName: "wind.yaml") }
    }

    @Test func everyGamesWordsCountCharactersOnlyWhenTheGamesAgree() {
        let castle = WordsGame(id: "castle", vocabulary: TraceVocabulary(events: [], settings: [], presence: Self.princesses))
        let bubbles = WordsGame(id: "bubbles", vocabulary: TraceVocabulary(events: [("spawn", ["wave"])], settings: []))
        #expect(GameCatalogue([castle]).vocabulary.presence == Self.princesses)
        #expect(GameCatalogue([castle, castle]).vocabulary.presence == Self.princesses)
        #expect(GameCatalogue([castle, bubbles]).vocabulary.presence == nil)
        #expect(GameCatalogue([bubbles, castle]).vocabulary.presence == nil)
    }
}
