import Audio
import ECS
import Foundation
@testable import Kiosk
import Princess
import PrincessTestSupport
import TestSupport
import Testing
import Trace

/// What the demo does with the claps its microphone hears beyond hearing them: every line that
/// answers one (a clap, or its refusal) carries its onset and strength, in step; and the
/// detector's sensitivity follows the scene's `clap_sensitivity` unless the operator fixed one.
@Suite struct DemoMicrophoneTests {
    private static func temporaryTrace(_ label: String) throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder, folder.appendingPathComponent("trace.jsonl").path)
    }

    private static func objects(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func aRefusedMicrophoneClapTakesItsHeardClapSoLaterLinesStayInStep() throws {
        let (folder, path) = try Self.temporaryTrace("refused")
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = try DemoTrace(path: path, sceneClock: FixedStepClock(framesPerSecond: 30, stepsPerSecond: 60),
                                  origin: 10, log: DemoLog(origin: 10, clock: { 10 }))
        trace.noteHeardClap(onset: 11.25, decided: 11.29, strength: 30.5)
        trace.noteHeardClap(onset: 11.40, decided: 11.41, strength: 22)
        trace.noteHeardClap(onset: 12.5, decided: 12.54, strength: 18.25)
        trace.noteHeardClap(onset: 13, decided: 13.04, strength: 40)
        trace.write([
            TraceEvent(t: 1.2667, frame: 77, kind: .clap(source: "mic", characters: 3)),
            // A timeline clap in its cooldown was never heard: it takes nothing.
            TraceEvent(t: 1.3, frame: 79, kind: .refused(.clap(source: "timeline"), reason: .cooldown(seconds: 0.5, since: 0.0333), character: nil)),
            TraceEvent(t: 1.4167, frame: 86, kind: .refused(.clap(source: "mic"), reason: .cooldown(seconds: 0.5, since: 0.15), character: nil)),
        ], wall: 11.42)
        trace.write([
            TraceEvent(t: 2.5167, frame: 152, kind: .refused(.clap(source: "mic"), reason: .microphoneOff, character: nil)),
            TraceEvent(t: 3.0167, frame: 182, kind: .clap(source: "mic", characters: 3)),
        ], wall: 13.02)
        trace.close()

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[1] == #"{"t":1.3,"frame":40,"event":"refused","input":"clap","reason":"cooldown","cooldown":0.5,"since":0.0333,"source":"timeline","wall":1.42}"#)
        #expect(lines[2] == #"{"t":1.4167,"frame":43,"event":"refused","input":"clap","reason":"cooldown","cooldown":0.5,"since":0.15,"source":"mic","onset":1.4,"decided":1.41,"strength":22,"wall":1.42}"#)
        #expect(lines[3] == #"{"t":2.5167,"frame":76,"event":"refused","input":"clap","reason":"microphone_off","source":"mic","onset":2.5,"decided":2.54,"strength":18.25,"wall":3.02}"#)
        let onsets = try Self.objects(path).compactMap { $0["onset"] as? Double }
        #expect(onsets == [1.25, 1.4, 2.5, 3], "each heard clap on its own line, in order")
    }

    @Test func clapsInTheCooldownAndWithTheMicrophoneOffAreTracedWithTheirOnsets() throws {
        // The scene itself refuses: a second clap inside the 0.5 s cooldown, then every clap once
        // the timeline turns the microphone off.
        let scene = try SceneLoader.parse("""
        version: 1
        canvas: {width: 1280, height: 720, frame_rate: 30}
        seed: 3
        duration: 4
        settings: {clap_cooldown: 0.5}
        characters:
          - {id: sparkle, kind: sparkle, position: [640, 600]}
        timeline:
          - {time: 2, settings: {microphone: false}}
        """, fileName: "refusals.yaml")
        let (folder, path) = try Self.temporaryTrace("cooldown")
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = try DemoTrace(path: path, sceneClock: FixedStepClock(framesPerSecond: 30, stepsPerSecond: 60),
                                  origin: 0, log: DemoLog(origin: 0, clock: { 0 }))
        var attract = AttractLoop(scene: scene.opened, freshSeed: false, width: 64, height: 36)
        let live = try attract.next()
        var step = 0
        for (second, strength) in [(1.0, 30.0), (1.2, 25.0), (1.8, 20.0), (2.5, 15.0)] {
            let target = Int(second * 60)
            live.advance(toFrame: target)
            trace.write(live.drainTrace(), wall: Double(target) / 60)
            trace.noteHeardClap(onset: second - 0.02, decided: second - 0.01, strength: strength)
            live.inject(.clap, source: "mic")
            step = target + 1
            live.advance(toFrame: step)
            trace.write(live.drainTrace(), wall: Double(step) / 60)
        }
        trace.close()

        let answers = try Self.objects(path).filter {
            $0["event"] as? String == "clap" || ($0["event"] as? String == "refused" && $0["input"] as? String == "clap")
        }
        #expect(answers.map { $0["event"] as? String ?? "" } == ["clap", "refused", "clap", "refused"])
        #expect(answers.map { $0["reason"] as? String ?? "-" } == ["-", "cooldown", "-", "microphone_off"])
        #expect(answers.map { $0["strength"] as? Double ?? 0 } == [30, 25, 20, 15])
        #expect(answers.map { $0["onset"] as? Double ?? 0 } == [0.98, 1.18, 1.78, 2.48])
        #expect(answers.map { $0["decided"] as? Double ?? 0 } == [0.99, 1.19, 1.79, 2.49])
    }

    /// A listener that is never started: the loop only hands it the scene's sensitivity.
    private static func idleListener(_ sensitivity: ClapSensitivity = .medium, fixed: Bool = false) -> ClapListener {
        ClapListener(device: nil, sensitivity: sensitivity, fixed: fixed, clock: MonotonicClock(),
                     log: DemoLog(origin: 0, clock: { 0 }), wakeUp: LoopWakeUp())
    }

    private static let sceneThatTurnsHard = """
        version: 1
        canvas: {width: 1280, height: 720, frame_rate: 30}
        seed: 3
        duration: 4
        settings: {clap_sensitivity: easy}
        timeline:
          - {time: 1.5, settings: {clap_sensitivity: hard}}
        """

    private static func run(_ scene: SceneDescription, listener: ClapListener, seconds: Double) -> DemoLoop.Outcome {
        let clock = VirtualClock(start: 0)
        let loop = DemoLoop(DemoLoop.Parts(attract: AttractLoop(scene: scene.opened, freshSeed: false, width: 64, height: 36),
                                           framesPerSecond: 30, clock: clock, listener: listener,
                                           log: DemoLog(origin: 0, clock: { clock.now }), duration: seconds))
        return loop.run(from: 0)
    }

    @Test func theListenerFollowsTheScenesClapSensitivityAndEachPassStartsFromItsOwn() throws {
        let scene = try SceneLoader.parse(Self.sceneThatTurnsHard, fileName: "hard.yaml")
        let before = Self.idleListener()
        _ = Self.run(scene, listener: before, seconds: 1)
        #expect(before.sensitivity == .easy, "the scene's initial setting, from the first step")
        let after = Self.idleListener()
        _ = Self.run(scene, listener: after, seconds: 2)
        #expect(after.sensitivity == .hard, "the timeline's change, handed over")
        let nextPass = Self.idleListener()
        let outcome = Self.run(scene, listener: nextPass, seconds: 5)
        #expect(outcome.loops == 2)
        #expect(nextPass.sensitivity == .easy, "the second pass starts with the scene's own settings")
    }

    @Test func aSensitivityFixedByTheOperatorIsKept() throws {
        let scene = try SceneLoader.parse(Self.sceneThatTurnsHard, fileName: "hard.yaml")
        let fixed = Self.idleListener(.medium, fixed: true)
        _ = Self.run(scene, listener: fixed, seconds: 2)
        #expect(fixed.sensitivity == .medium)
    }
}
