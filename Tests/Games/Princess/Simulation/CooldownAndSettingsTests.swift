import ECS
import Foundation
@testable import Princess
import Testing

/// Cooldowns of claps and expressions, the microphone, haptics and clap sensitivity
/// settings, claps from a recording and `clap_audio`.
@Suite struct CooldownAndSettingsTests {
    private let cast = """
    characters:
      - {id: a, kind: luna, position: [400, 560]}
      - {id: b, kind: rosie, position: [800, 600]}
    """

    @Test func theDefaults() {
        let settings = SceneSettings()
        #expect(settings.clapCooldown == 0.4 && settings.expressionCooldown == 1.0)
        #expect(settings.microphone && settings.haptics && settings.clapSensitivity == .medium)
    }

    /// Rhythmic clapping at four a second: a jump every other clap, the others refused.
    @Test func clapsAtFourASecondJumpEveryOtherClap() throws {
        let claps = (0..<6).map { "  - {time: \(1 + Double($0) * 0.25), clap: {}}" }.joined(separator: "\n")
        let trace = runToEnd(try makeScene(cast + "\ntimeline:\n" + claps)).1
        #expect(events("clap", in: trace).map(\.t) == [1, 1.5, 2])
        let refused = events("refused", in: trace)
        #expect(refused.map(\.t) == [1.25, 1.75, 2.25])
        #expect(refused.first?.jsonLine == #"{"t":1.25,"frame":38,"event":"refused","input":"clap","reason":"cooldown","cooldown":0.4,"since":0.25,"source":"timeline"}"#)
        // Refused quietly: no warning haptic or sound for a crowd clapping in rhythm.
        #expect(!trace.contains { $0.text("kind") == "warning" || $0.text("sound") == "warning" })
        #expect(events("action_start", in: trace).count == 6)
    }

    /// The cooldown is a setting, changeable mid-timeline; 0 lets every clap through.
    @Test func clapCooldownIsASetting() throws {
        let trace = runToEnd(try makeScene(cast + """

        settings: {clap_cooldown: 0}
        timeline:
          - {time: 1.0, clap: {}}
          - {time: 1.1, clap: {}}
          - {time: 2.0, settings: {clap_cooldown: 1.5}}
          - {time: 2.1, clap: {}}
          - {time: 3.0, clap: {}}
          - {time: 3.7, clap: {}}
        """)).1
        // 2.1 is within the new 1.5 s of the clap at 1.1; 3.0 is not; 3.7 is within 1.5 s of 3.0.
        #expect(events("clap", in: trace).map(\.t) == [1, 1.1, 3])
        #expect(events("refused", in: trace).map(\.t) == [2.1, 3.7])
        #expect(events("settings", in: trace).first?.jsonLine == #"{"t":2,"frame":60,"event":"settings","clap_cooldown":1.5,"source":"timeline"}"#)
    }

    /// Four smiles in 1.6 s: sparkles for the first and the one a second later; each
    /// expression has its own cooldown.
    @Test func eachExpressionHasItsOwnCooldown() throws {
        let trace = runToEnd(try makeScene(cast + """

        timeline:
          - {time: 0.5, expression: {kind: smile, strength: 1, duration: 0.3, ramp: 0}}
          - {time: 0.6, expression: {kind: mouth_open, strength: 1, duration: 0.3, ramp: 0}}
          - {time: 1.0, expression: {kind: smile, strength: 1, duration: 0.3, ramp: 0}}
          - {time: 1.5, expression: {kind: smile, strength: 1, duration: 0.3, ramp: 0}}
          - {time: 2.0, expression: {kind: smile, strength: 1, duration: 0.3, ramp: 0}}
        """)).1
        let fired = events("expression", in: trace).map { "\($0.text("expression")!)@\($0.t)" }
        #expect(fired == ["smile@0.6", "mouth_open@0.7", "smile@1.6"], "\(fired)")
        let refused = events("refused", in: trace)
        #expect(refused.map(\.t) == [1.1, 2.1])
        #expect(refused.first?.jsonLine == #"{"t":1.1,"frame":33,"event":"refused","input":"expression","reason":"cooldown","cooldown":1,"since":0.5,"expression":"smile"}"#)
        // Sparkle showers only for the two smiles that fired: two characters each.
        #expect(events("effect_start", in: trace).filter { $0.text("cause") == "expression" }.count == 4)
    }

    /// A held expression refused by its cooldown does not fire later while still held.
    @Test func aRefusedExpressionStaysRefusedWhileHeld() throws {
        let trace = runToEnd(try makeScene(cast + """

        settings: {expression_cooldown: 0.5}
        timeline:
          - {time: 0.5, expression: {kind: eyebrows_raised, strength: 1, duration: 0.2, ramp: 0}}
          - {time: 0.8, expression: {kind: eyebrows_raised, strength: 1, duration: 2, ramp: 0}}
        """)).1
        #expect(events("expression", in: trace).map(\.t) == [0.6])
        #expect(events("refused", in: trace).map(\.t) == [0.9])
    }

    /// With the microphone off, claps from it are refused; the timeline's still work.
    @Test func microphoneOffRefusesMicClapsOnly() throws {
        let scene = try makeScene(cast + """

        settings: {microphone: false}
        timeline:
          - {time: 1.0, clap: {}}
          - {time: 3.0, settings: {microphone: true}}
        """)
        let simulation = SceneSimulation(scene: scene)
        simulation.advance(toFrame: 45)
        simulation.inject(.clap, source: "mic")
        simulation.advance(toFrame: 100)
        simulation.inject(.clap, source: "mic")
        simulation.advance(toFrame: simulation.frameCount)
        let trace = simulation.drainTrace()
        #expect(events("clap", in: trace).map { $0.text("source")! } == ["timeline", "mic"])
        let refused = try #require(events("refused", in: trace).first)
        #expect(refused.jsonLine.hasSuffix(#""event":"refused","input":"clap","reason":"microphone_off","source":"mic"}"#))
        #expect(events("settings", in: trace).first?.text("source") == "timeline")
        #expect(events("settings", in: trace).first?["microphone"] == .flag(true))
    }

    /// With haptics off, no haptic at all; on again, they come back.
    @Test func hapticsOff() throws {
        let trace = runToEnd(try makeScene(cast + """

        settings: {haptics: false}
        timeline:
          - {time: 1.0, clap: {}}
          - {time: 1.5, action: {kind: dance, target: a}}
          - {time: 2.0, tap: {at: [100, 200]}}
          - {time: 3.0, settings: {haptics: true}}
          - {time: 4.0, clap: {}}
        """)).1
        #expect(events("haptic", in: trace).map(\.t) == [3, 4])
    }

    /// Clap sensitivity is stored, exposed and traced, nothing more.
    @Test func clapSensitivityIsStoredAndTraced() throws {
        let scene = try makeScene(cast + """

        settings: {clap_sensitivity: hard}
        timeline:
          - {time: 1.0, settings: {clap_sensitivity: easy, haptics: false, microphone: false, expression_cooldown: 2}}
        """)
        #expect(scene.settings.clapSensitivity == .hard)
        let simulation = SceneSimulation(scene: scene)
        #expect(simulation.settings.clapSensitivity == .hard)
        simulation.advance(toFrame: 40)
        #expect(simulation.settings.clapSensitivity == .easy && !simulation.settings.microphone)
        let line = try #require(events("settings", in: simulation.drainTrace()).first)
        #expect(line.jsonLine == #"{"t":1,"frame":30,"event":"settings","haptics":false,"microphone":false,"clap_sensitivity":"easy","expression_cooldown":2,"source":"timeline"}"#)
    }

    @Test func newSettingsAreValidated() {
        let text = """
        version: 1
        duration: 5
        settings: {clap_cooldwn: 1, microphone: maybe, clap_sensitivity: hardd, expression_cooldown: -1}
        timeline:
          - {time: 1, settings: {haptic: false}}
        """
        let found = diagnostics(text)
        #expect(found.count == 5, "\(found)")
        let messages = found.map { "\($0.line):\($0.column): \($0.message)" }
        #expect(messages.contains { $0.hasPrefix("3:12: unknown key 'clap_cooldwn'") && $0.contains("did you mean 'clap_cooldown'") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("3:41: settings.microphone must be true or false") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("3:66: unknown clap sensitivity 'hardd'") && $0.contains("did you mean 'hard'") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("3:94: settings.expression_cooldown is out of range") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("5:26: unknown key 'haptic'") && $0.contains("did you mean 'haptics'") }, "\(messages)")
    }

    // MARK: Claps from a recording

    @Test func timelineEntriesDefaultToTheTimelineSource() throws {
        #expect(TimelineEntry(time: 1, input: .clap).source == "timeline")
        let scene = try makeScene("timeline:\n  - {time: 1, clap: {}}")
        #expect(scene.timeline.map(\.source) == ["timeline"])
    }

    @Test func addingClapsFromARecording() throws {
        let scene = try makeScene(cast + """

        timeline:
          - {time: 1.0, action: {kind: wave, target: a}}
          - {time: 2.0, clap: {}}
        """, duration: 5)
        let heard = scene.addingClaps(at: [3.2, 1.0, -1, .nan, 9, 3.2], source: "mic")
        #expect(heard.timeline.map(\.time) == [1, 1, 2, 3.2, 3.2])
        #expect(heard.timeline.map(\.source) == ["timeline", "mic", "timeline", "mic", "mic"])
        #expect(heard.timeline[0].input == .action(.wave, target: .character("a")))
        #expect(heard == scene.addingClaps(at: [3.2, 1.0, -1, .nan, 9, 3.2], source: "mic"))
        let trace = runToEnd(heard).1
        #expect(events("clap", in: trace).map(\.t) == [1, 2, 3.2])
        #expect(events("clap", in: trace).map { $0.text("source")! } == ["mic", "timeline", "mic"])
        #expect(events("refused", in: trace).map { $0.text("reason")! } == ["cooldown"])
        // The microphone setting applies to recorded claps too.
        var muted = heard
        muted.settings.microphone = false
        #expect(events("clap", in: runToEnd(muted).1).map { $0.text("source")! } == ["timeline"])
    }

    @Test func clapAudioIsResolvedFromTheSceneFile() throws {
        let folder = try makeTemporaryFolder()
        let file = folder.appendingPathComponent("party.yaml").path
        try "version: 1\nduration: 3\nclap_audio: sounds/../claps.wav\n".write(toFile: file, atomically: true, encoding: .utf8)
        // The WAV does not exist: not the loader's business.
        let scene = try SceneLoader.load(path: file)
        #expect(scene.clapAudio == folder.appendingPathComponent("claps.wav").standardizedFileURL.path)
        #expect(scene.clapAudio?.hasPrefix("/") == true)
        let absolute = try SceneLoader.parse("version: 1\nduration: 3\nclap_audio: /data/claps.wav\n", fileName: "x/y.yaml")
        #expect(absolute.clapAudio == "/data/claps.wav")
        let json = try SceneLoader.parse(#"{"version": 1, "duration": 3, "clap_audio": "c.wav"}"#, fileName: "/scenes/a.json")
        #expect(json.clapAudio == "/scenes/c.wav")
        #expect(try makeScene("").clapAudio == nil)
    }

    @Test func clapAudioMustBeText() {
        for (value, column) in [("5", 13), ("{file: a.wav}", 13), ("[a.wav]", 13), ("true", 13), ("", 12)] {
            let found = diagnostics("version: 1\nduration: 3\nclap_audio: \(value)\n")
            #expect(found.count == 1, "\(value): \(found)")
            #expect(found.first?.line == 3 && found.first?.message.contains("clap_audio must be a path to a WAV") == true,
                    "\(value): \(found)")
            _ = column
        }
    }
}
