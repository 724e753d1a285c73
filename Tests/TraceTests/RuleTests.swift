import Scene
import Testing
import Trace

/// The words of a small game's trace, as a game declares them: characters that appear, act,
/// make effects and sounds, and the settings its `settings` events name.
extension TraceVocabulary {
    static let characterGame = TraceVocabulary(events: [
        ("spawn", ["character", "kind", "x", "y", "scale", "cause"]),
        ("remove", ["character", "reason"]),
        ("action_start", ["character", "action", "cause", "duration"]),
        ("action_end", ["character", "action", "completed"]),
        ("effect_start", ["character", "effect", "x", "y", "duration", "cause"]),
        ("expression", ["expression", "strength", "threshold", "latency"]),
        ("clap", ["source", "characters"]),
        ("settings", ["sound", "volume", "source"]),
        ("haptic", ["character", "kind"]),
        ("sound", ["character", "sound", "x", "volume"]),
    ], settings: ["sound", "volume"], values: [
        "haptic": ["kind": ["light", "medium", "heavy"]],
    ], numbers: [
        "spawn": ["x", "y", "scale"],
        "action_start": ["duration"],
        "effect_start": ["x", "y", "duration"],
        "expression": ["strength", "threshold", "latency"],
        "clap": ["characters"],
        "settings": ["volume"],
        "sound": ["x", "volume"],
    ], presence: CharacterPresence(appears: "spawn", leaves: "remove"))
}

/// Every rule kind, kept by one trace and broken by another; and rules that are written wrong.
@Suite struct RuleTests {
    /// The settings a run starts with when the test names none.
    static let startSettings = ["sound": "true", "volume": "0.8"]

    func rules(_ yaml: String) throws -> [SceneRule] { try SceneRuleReader.parse(yaml, file: "rules.yaml", vocabulary: .characterGame) }

    func trace(_ lines: String) -> [TraceEvent] {
        lines.split(separator: "\n").map { line in
            guard let event = TraceLineParser.parse(String(line)) else { fatalError("not a trace line: \(line)") }
            return event
        }
    }

    func violations(_ yaml: String, _ lines: String, settings: [String: String] = startSettings, end: Double = 10) throws -> [RuleViolation] {
        let checker = RuleChecker(events: trace(lines), settings: settings, endTime: end)
        return try rules(yaml).flatMap(checker.violations)
    }

    let latency = """
    - name: expression-latency
      rule: follows
      when: {event: expression}
      then: {event: [action_start, effect_start], cause: expression}
      within: 0.3
      started_earlier_by: latency
    """

    @Test func followsIsKeptWhenTheMagicComesInTime() throws {
        let kept = try violations(latency, """
        {"t":0.7,"frame":21,"event":"expression","expression":"smile","strength":0.8,"threshold":0.5,"latency":0.1}
        {"t":0.7,"frame":21,"event":"effect_start","character":"crystal","effect":"sparkles","x":640,"y":520,"duration":2,"cause":"expression"}
        {"t":3.8,"frame":114,"event":"expression","expression":"eyebrows_raised","strength":0.4,"threshold":0.3,"latency":0.1}
        {"t":3.9,"frame":117,"event":"action_start","character":"crystal","action":"wave","cause":"expression","duration":1}
        """)
        #expect(kept.isEmpty)
    }

    @Test func followsIsBrokenByALateAction() throws {
        let broken = try violations(latency, """
        {"t":0.7,"frame":21,"event":"expression","expression":"smile","strength":0.8,"threshold":0.5,"latency":0.1}
        {"t":0.95,"frame":28,"event":"effect_start","character":"crystal","effect":"sparkles","x":640,"y":520,"duration":2,"cause":"expression"}
        """)
        #expect(broken.count == 1)
        #expect(broken.first?.message == "t=0.70 expression smile: no action_start or effect_start with cause expression within 0.3 s "
                + "of the latency before it; the next came at t=0.95, 0.35 s after")
        #expect(broken.first?.events.map(\.line) == [1, 2])
    }

    @Test func followsWithSameFieldsAndADurationWaitsForTheRightEnd() throws {
        let yaml = """
        - {name: ends, rule: follows, when: {event: action_start}, then: {event: action_end}, same: [character, action], within: duration, slack: 0.05}
        """
        let start = #"{"t":1,"frame":30,"event":"action_start","character":"luna","action":"wave","cause":"timeline","duration":1}"#
        #expect(try violations(yaml, start + "\n" + #"{"t":2,"frame":60,"event":"action_end","character":"luna","action":"wave","completed":true}"#).isEmpty)
        // Another character's end does not count; the run went on past the deadline.
        let broken = try violations(yaml, start + "\n" + #"{"t":2,"frame":60,"event":"action_end","character":"rosie","action":"wave","completed":true}"#)
        #expect(broken.count == 1)
        #expect(broken.first?.message.contains("no action_end of the same character and action within its duration + 0.05 s") == true)
        // A run that ends before the deadline excuses it.
        #expect(try violations(yaml, start, end: 1.5).isEmpty)
    }

    let clap = """
    - name: clap-makes-everyone-jump
      rule: every_character
      when: {event: clap}
      then: {event: action_start, action: jump}
      within: 0
    """

    @Test func everyCharacterIsKeptWhenAllJump() throws {
        #expect(try violations(clap, """
        {"t":0,"frame":0,"event":"spawn","character":"luna","kind":"luna","x":10,"y":10,"scale":1,"cause":"scene"}
        {"t":0,"frame":0,"event":"spawn","character":"rosie","kind":"rosie","x":90,"y":10,"scale":1,"cause":"scene"}
        {"t":1,"frame":2,"event":"remove","character":"rosie","reason":"two_finger_tap"}
        {"t":2,"frame":60,"event":"clap","source":"timeline","characters":1}
        {"t":2,"frame":60,"event":"action_start","character":"luna","action":"jump","cause":"clap","duration":0.8}
        """).isEmpty, "a removed character need not jump")
    }

    @Test func everyCharacterIsBrokenWhenOneStaysStill() throws {
        let broken = try violations(clap, """
        {"t":0,"frame":0,"event":"spawn","character":"luna","kind":"luna","x":10,"y":10,"scale":1,"cause":"scene"}
        {"t":0,"frame":0,"event":"spawn","character":"rosie","kind":"rosie","x":90,"y":10,"scale":1,"cause":"scene"}
        {"t":2,"frame":60,"event":"clap","source":"timeline","characters":2}
        {"t":2,"frame":60,"event":"action_start","character":"luna","action":"jump","cause":"clap","duration":0.8}
        {"t":2.1,"frame":63,"event":"action_start","character":"rosie","action":"jump","cause":"clap","duration":0.8}
        """)
        #expect(broken.map(\.message) == ["t=2.00 clap timeline: rosie of the 2 present had no action_start with action jump within 0 s"])
    }

    let silence = """
    - {name: sound-off-is-silence, rule: never, event: {event: sound}, while: {sound: false}}
    """

    @Test func neverIsKeptWhileSoundIsOffAndBrokenBySound() throws {
        let lines = """
        {"t":1,"frame":30,"event":"sound","sound":"snow","volume":0.8}
        {"t":2,"frame":60,"event":"settings","sound":false,"source":"timeline"}
        {"t":3,"frame":90,"event":"haptic","kind":"light"}
        """
        #expect(try violations(silence, lines).isEmpty)
        let broken = try violations(silence, lines + "\n" + #"{"t":4,"frame":120,"event":"sound","sound":"jump","volume":0.8}"#)
        #expect(broken.map(\.message) == ["t=4.00 sound jump: happened while sound is false"])
        // The settings the scene starts with count before any settings event.
        let quiet = ["sound": "false", "volume": "0.8"]
        #expect(try violations(silence, #"{"t":1,"frame":30,"event":"sound","sound":"snow","volume":0.8}"#, settings: quiet).count == 1)
    }

    let fires = "- {name: fires-in-time, rule: range, event: {event: expression}, field: latency, max: 0.3}"

    @Test func rangeIsKeptWithinAndBrokenOutside() throws {
        let line = #"{"t":1,"frame":30,"event":"expression","expression":"smile","strength":0.8,"threshold":0.5,"latency":LATENCY}"#
        #expect(try violations(fires, line.replacingOccurrences(of: "LATENCY", with: "0.3")).isEmpty)
        let broken = try violations(fires, line.replacingOccurrences(of: "LATENCY", with: "0.35"))
        #expect(broken.map(\.message) == ["t=1.00 expression smile: latency 0.35 is above 0.3"])
    }

    @Test func maxCharactersIsKeptAtTheLimitAndBrokenPastIt() throws {
        let yaml = "- {name: two, rule: max_characters, max: 2}"
        let spawn = #"{"t":T,"frame":0,"event":"spawn","character":"ID","kind":"luna","x":10,"y":10,"scale":1,"cause":"tap"}"#
        func s(_ t: String, _ id: String) -> String { spawn.replacingOccurrences(of: "T", with: t).replacingOccurrences(of: "ID", with: id) }
        let remove = #"{"t":2,"frame":60,"event":"remove","character":"a","reason":"two_finger_tap"}"#
        #expect(try violations(yaml, [s("1", "a"), s("1", "b"), remove, s("3", "c")].joined(separator: "\n")).isEmpty)
        let broken = try violations(yaml, [s("1", "a"), s("1", "b"), s("3", "c")].joined(separator: "\n"))
        #expect(broken.map(\.message) == ["t=3.00 spawn c: 3 characters at once, more than 2"])
    }

    @Test func eachPeerOfASessionKeepsTheRulesInItsOwnWorld() throws {
        let yaml = "- {name: two, rule: max_characters, max: 2}"
        let spawn = #"{"t":T,"frame":0,"peer":"P","event":"spawn","character":"ID","kind":"luna","x":10,"y":10,"scale":1,"cause":"tap"}"#
        func s(_ t: String, _ peer: String, _ id: String) -> String {
            spawn.replacingOccurrences(of: "T", with: t).replacingOccurrences(of: "P", with: peer).replacingOccurrences(of: "ID", with: id)
        }
        // Both worlds hold the same two characters: four spawn lines, two on each screen.
        let shared = [s("1", "ann", "a"), s("1", "ben", "a"), s("1", "ann", "b"), s("1", "ben", "b")]
        #expect(try violations(yaml, shared.joined(separator: "\n")).isEmpty)
        let broken = try violations(yaml, (shared + [s("3", "ben", "c")]).joined(separator: "\n"))
        #expect(broken.map(\.message) == ["ben: t=3.00 spawn c: 3 characters at once, more than 2"])
        #expect(broken.first?.events.map(\.line) == [5])
    }

    @Test func mistakesAreReportedWhereTheyAreWithAGuess() throws {
        let yaml = """
        - name: a
          rule: folows
        - name: b
          rule: never
          event: {event: haptc}
        - name: c
          rule: follows
          when: {event: spawn, caus: tap}
          then: {event: haptic}
          withn: 0
        """
        do {
            _ = try rules(yaml)
            Issue.record("the mistakes were not found")
        } catch let errors as SceneErrors {
            let lines = errors.diagnostics.map(\.description)
            #expect(lines.contains("rules.yaml:2:9: unknown rule kind 'folows' in rules[0] rule; did you mean 'follows'? "
                                   + "(expected one of: follows, every_character, never, range, max_characters, count, weighted_sum, changes_only, spacing, preceded, held_over)"))
            #expect(lines.count == 4, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("rules.yaml:5:18: unknown event 'haptc' in rule 'b' event; did you mean 'haptic'?") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("rules.yaml:8:24: unknown key 'caus' in rule 'c' when; did you mean 'cause'?") })
            #expect(lines.contains { $0.hasPrefix("rules.yaml:10:3: unknown key 'withn' in rules[2]; did you mean 'within'?") })
        }
    }
}
