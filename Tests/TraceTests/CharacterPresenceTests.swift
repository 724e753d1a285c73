import Scene
import Testing
import Trace

/// The characters a rule counts are the game's: `max_characters` and `every_character` read the
/// events its vocabulary names for arriving and leaving, never another game's `spawn`.
@Suite struct CharacterPresenceTests {
    /// A game whose balloons arrive and pop, and which writes a `spawn` of its own (a wave of
    /// bubbles, no character).
    static let balloons = TraceVocabulary(events: [
        ("inflate", ["character"]), ("pop", ["character"]), ("spawn", ["character", "wave"]),
    ], settings: [], presence: CharacterPresence(appears: "inflate", leaves: "pop"))

    /// A game with no characters coming and going.
    static let bubbles = TraceVocabulary(events: [("spawn", ["character", "wave"])], settings: [])

    static let atMostEight = "- {name: at-most-eight-princesses, rule: max_characters, max: 8}"

    static func line(_ event: String, _ character: String, t: Int) -> String {
        #"{"t":\#(t),"frame":0,"event":"\#(event)","character":"\#(character)"}"#
    }

    static func violations(_ yaml: String, vocabulary: TraceVocabulary, _ lines: [String]) throws -> [String] {
        let events = lines.map { TraceLineParser.parse($0)! }
        let checker = RuleChecker(events: events, settings: [:], endTime: 10)
        return try SceneRuleReader.parse(yaml, file: "rules.yaml", vocabulary: vocabulary).flatMap(checker.violations).map(\.message)
    }

    @Test func aGamesOwnSpawnIsNoCharacterArriving() throws {
        let nineSpawns = (1...9).map { Self.line("spawn", "wave\($0)", t: $0) }
        #expect(try Self.violations(Self.atMostEight, vocabulary: Self.balloons, nineSpawns).isEmpty)
        let nineBalloons = (1...9).map { Self.line("inflate", "b\($0)", t: $0) }
        #expect(try Self.violations(Self.atMostEight, vocabulary: Self.balloons, nineBalloons) == ["t=9.00 inflate b9: 9 characters at once, more than 8"])
        let oneGoes = Array(nineBalloons.prefix(8)) + [Self.line("pop", "b1", t: 8), nineBalloons[8]]
        #expect(try Self.violations(Self.atMostEight, vocabulary: Self.balloons, oneGoes).isEmpty)
    }

    @Test func everyCharacterCountsTheGamesCharacters() throws {
        let yaml = "- {name: all-wave, rule: every_character, when: {event: spawn}, then: {event: pop}, within: 1}"
        let lines = [Self.line("inflate", "a", t: 1), Self.line("spawn", "w", t: 2), Self.line("pop", "a", t: 2)]
        #expect(try Self.violations(yaml, vocabulary: Self.balloons, lines).isEmpty)
        let late = [Self.line("inflate", "a", t: 1), Self.line("inflate", "b", t: 1), Self.line("spawn", "w", t: 2), Self.line("pop", "a", t: 2)]
        #expect(try Self.violations(yaml, vocabulary: Self.balloons, late).map { $0.hasPrefix("t=2.00 spawn w: b of the 2 present") } == [true])
    }

    @Test func aRuleCountingCharactersOfAGameWithoutThemIsRefusedWhereItIsWritten() throws {
        do {
            _ = try SceneRuleReader.parse(Self.atMostEight, file: "rules.yaml", vocabulary: Self.bubbles)
            Issue.record("a max_characters rule was read for a game without characters")
        } catch let errors as SceneErrors {
            #expect(errors.diagnostics.map(\.description) == [
                "rules.yaml:1:3: rule 'at-most-eight-princesses': max_characters counts characters as they arrive and leave, "
                    + "and the trace this rule reads declares no such events (a game's vocabulary names them: the princess game's "
                    + "spawn and remove); write the rule in the manifest or scene of a game that has characters",
            ])
        }
    }

    @Test func aKitsWordsKeepTheGamesPresence() {
        let kit = TraceVocabulary(events: [("sound", ["sound"])], settings: [])
        #expect(kit.merged(with: Self.balloons).presence == Self.balloons.presence)
        #expect(Self.balloons.merged(with: kit).presence == Self.balloons.presence)
    }
}

/// The events the engine reads itself are the engine's: a game that writes one of them with
/// other fields is told so in one line.
@Suite struct EngineTraceWordsTests {
    @Test func aGameUsingTheEnginesWordsAsMeantPasses() {
        let game = TraceVocabulary(events: [("sound", ["character", "sound", "x", "volume"]), ("haptic", ["kind"]),
                                            ("settings", ["sound", "source"]), ("refused", ["button", "reason"])],
                                   settings: ["sound"])
        #expect(EngineTraceWords.misuses(in: game, game: "kite").isEmpty)
    }

    @Test func aGameUsingOneForSomethingElseIsToldInOneLine() {
        let game = TraceVocabulary(events: [("sound", ["pitch"]), ("settings", ["colour"]), ("clap", ["hands"])], settings: [])
        #expect(EngineTraceWords.misuses(in: game, game: "kite") == [
            "game 'kite' writes the trace event 'sound' without the field sound, but the engine reads 'sound' as a sound cue, "
                + "played in the soundtrack and on the kiosk's speaker; give the game's event another name (docs/rules.md lists the engine's words)",
            "game 'kite' writes the trace event 'settings' with fields that are not settings (colour), but the engine reads 'settings' as "
                + "the settings from then on, which rules' `while` read; give the game's event another name (docs/rules.md lists the engine's words)",
            "game 'kite' writes the trace event 'clap' without the field source, but the engine reads 'clap' as a clap heard, "
                + "which the kiosk's log counts; give the game's event another name (docs/rules.md lists the engine's words)",
        ])
    }
}
