import CVBus
import Catalogue
import Foundation
import GameKit
@testable import GlitchSquadGame
import SavedState
import Scene
import TestSupport
import Testing
import Trace

/// Glitch Squad's simulation through the seam: the flow as a state machine, the hold that
/// captures, the timer, the gentle endings, the switches and the campaign's saved values.
@Suite struct GlitchSquadSimulationTests {
    /// A small scene: the hook, the card pressed at 4.2 s, ACCEPT at 4.5 s, then `cv` and `extra`.
    static func scene(_ cv: String = "", duration: Double = 12, extra: String = "", timeline: String = "",
                      settings: String = "{}") throws -> OpenedScene {
        try Catalogue.games.parse("""
        version: 1
        game: glitch-squad
        canvas: {width: 180, height: 320, frame_rate: 30}
        duration: \(duration)
        mission: 1
        settings: \(settings)
        \(extra)
        timeline:
          - {time: 4.2, press: mission_card}
          - {time: 4.5, press: accept}
        \(timeline)
        cv:
          confidence_step: 0.015
          script:
        \(cv.isEmpty ? "    []" : cv)
        """, fileName: "test.yaml")
    }

    /// Every trace event of a run of `opened` through its last frame (or `frame`).
    static func trace(_ opened: OpenedScene, to frame: Int? = nil, options: RunOptions = RunOptions()) throws -> (trace: [TraceEvent], run: any GameRun) {
        let run = try opened.makeRun(options)
        var trace = run.drainTrace()
        for number in 1...(frame ?? run.frameCount - 1) {
            run.advance(toFrame: number)
            trace += run.drainTrace()
        }
        return (trace, run)
    }

    static let apple = """
            - object: apple
              position: [0.5, 0.45]
              size: [0.2, 0.12]
              confidence: [[6.0, 0.95], [9.0, 0.95]]
        """

    @Test func theFlowGoesThroughEveryPhaseInOrder() throws {
        let trace = try Self.trace(try Self.scene(Self.apple, timeline: "  - {time: 11.0, press: return_to_base}")).trace
        let phases = trace.filter { $0.event == "phase" }.map { "\($0.text("from") ?? "")>\($0.text("to") ?? ""):\($0.text("cause") ?? "")" }
        #expect(phases == ["none>hook:start", "hook>base:auto", "base>briefing:press", "briefing>hunt:press", "hunt>capture:hold",
                           "capture>reward:auto", "reward>base:press"])
        // The hook lasts its 4 s; ACCEPT is felt as a heavy haptic at once.
        #expect(trace.first { $0.text("to") == "base" }?.t == 241.0 / 60)
        let accept = try #require(trace.firstIndex { $0.event == "accept" })
        #expect(trace[accept + 1].event == "haptic" && trace[accept + 1].text("kind") == "heavy")
        // The final save, with the campaign's values.
        let save = try #require(trace.last { $0.event == "save" })
        #expect(save["currentMissionIndex"] == .integer(1) && save["totalCoins"] == .integer(50) && save["isBaseRepaired"] == .flag(false))
    }

    @Test func aHoldCapturesExactly90StepsAfterItBeganAndADipResetsIt() throws {
        let dipped = """
                - object: apple
                  position: [0.5, 0.45]
                  size: [0.2, 0.12]
                  confidence: [[6.0, 0.95], [6.6, 0.95], [6.7, 0.6], [6.8, 0.95], [10.0, 0.95]]
            """
        let trace = try Self.trace(try Self.scene(dipped)).trace
        let acquired = trace.filter { $0.event == "acquired" }
        #expect(acquired.count == 2)
        let reset = try #require(trace.first { $0.event == "hold_reset" })
        #expect(reset.text("reason") == "dip" && reset.t > acquired[0].t && reset.t < acquired[1].t)
        let capture = try #require(trace.first { $0.event == "capture" })
        #expect(capture["held_steps"] == .integer(90) && capture.text("label") == "apple")
        // 1.5 s after the second hold began, not the first.
        #expect(abs(capture.t - acquired[1].t - 1.5) < 1e-9)
        #expect(acquired.allSatisfy { if case .number(let value) = $0["confidence"] { return value > 0.8 } else { return false } })
    }

    @Test func aBoxThatDriftsResetsTheHold() throws {
        let carried = """
                - object: apple
                  confidence: 0.95
                  size: [0.2, 0.12]
                  path: [[6.0, 0.3, 0.45], [9.0, 0.8, 0.45]]
            """
        let trace = try Self.trace(try Self.scene(carried)).trace
        #expect(trace.contains { $0.event == "hold_reset" && $0.text("reason") == "drift" })
        #expect(!trace.contains { $0.event == "capture" })
    }

    @Test func confidenceAtExactlyTheThresholdIsNoAcquisition() throws {
        let edge = """
                - object: apple
                  position: [0.5, 0.45]
                  confidence: [[6.0, 0.8], [9.0, 0.8]]
            """
        let trace = try Self.trace(try Self.scene(edge)).trace
        #expect(trace.contains { $0.event == "sighted" })
        #expect(!trace.contains { $0.event == "acquired" || $0.event == "capture" })
    }

    @Test func anotherFruitGetsAWhiteBoxAndIsNeverCaptured() throws {
        let banana = """
                - object: banana
                  position: [0.5, 0.45]
                  confidence: [[6.0, 0.97], [10.0, 0.97]]
            """
        let run = try Self.trace(try Self.scene(banana), to: 240)
        #expect(run.trace.contains { $0.event == "sighted" && $0.text("label") == "banana" && $0["target"] == .flag(false) })
        #expect(!run.trace.contains { $0.event == "acquired" || $0.event == "capture" })
        let simulation = try #require((run.run as? PaintedRun<GlitchSquadSimulation, GlitchSquadPainter>)?.simulation)
        let fruit = try #require(simulation.snapshot().fruits.first)
        #expect(fruit.label == "banana" && !fruit.green)
    }

    @Test func theTimerTicksOnceASecondAndTheTimeoutIsGentle() throws {
        let trace = try Self.trace(try Self.scene(extra: "hunt_seconds: 5")).trace
        let ticks = trace.filter { $0.event == "tick" }
        #expect(ticks.map { $0["remaining"] } == [4, 3, 2, 1, 0].map { TraceValue.integer($0) })
        #expect(ticks.allSatisfy { $0["interval"] == .number(1) })
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { abs($1.t - $0.t - 1) < 1e-9 })
        let end = try #require(trace.last { $0.event == "phase" })
        #expect(end.text("from") == "hunt" && end.text("to") == "base" && end.text("cause") == "timeout")
        let words = try #require(trace.last { $0.event == "speech" }?.text("text"))
        #expect(words == GlitchSquadSimulation.timeoutLine && !words.lowercased().contains("fail"))
        #expect(!trace.contains { $0.event == "save" || $0.event == "reward" })
    }

    @Test func giveUpEndsTheHuntKindlyAndNothingIsSaved() throws {
        let run = try Self.trace(try Self.scene(timeline: "  - {time: 6.0, press: give_up}"))
        let end = try #require(run.trace.last { $0.event == "phase" })
        #expect(end.text("cause") == "give_up" && end.text("to") == "base")
        #expect(run.trace.last { $0.event == "speech" }?.text("text") == GlitchSquadSimulation.giveUpLine)
        #expect(run.run.savedChanges() == SavedValues(["currentMissionIndex": .integer(0), "totalCoins": .integer(0), "isBaseRepaired": .flag(false)]).changes(since: .none))
    }

    @Test func hapticsOffMeansNoHeavyHapticAndSoundOffNoCue() throws {
        let trace = try Self.trace(try Self.scene(Self.apple, settings: "{haptics: false, sound: false}")).trace
        #expect(trace.contains { $0.event == "accept" })
        #expect(!trace.contains { $0.event == "haptic" || $0.event == "sound" })
        // Pixel's words are still traced (and shown) with sound off.
        #expect(trace.contains { $0.event == "speech" })
    }

    @Test func theCampaignStartsFromTheSavedValues() throws {
        let opened = try Catalogue.games.parse("""
        version: 1
        game: glitch-squad
        canvas: {width: 180, height: 320, frame_rate: 30}
        duration: 12
        timeline:
          - {time: 4.2, press: mission_card}
          - {time: 4.5, press: accept}
          - {time: 11.0, press: return_to_base}
        cv:
          script:
            - {object: orange, position: [0.5, 0.45], confidence: [[6.0, 0.95], [9.0, 0.95]]}
        """, fileName: "campaign.yaml")
        let saved = SavedValues(["currentMissionIndex": .integer(2), "totalCoins": .integer(100), "isBaseRepaired": .flag(false)])
        let run = try Self.trace(opened, options: RunOptions(saved: saved))
        #expect(run.trace.first { $0.event == "phase" }?["mission"] == .integer(3))
        #expect(run.trace.contains { $0.event == "capture" && $0.text("label") == "orange" })
        #expect(run.run.savedChanges() == SavedValues(["currentMissionIndex": .integer(3), "totalCoins": .integer(150), "isBaseRepaired": .flag(true)]))
    }

    @Test func aTouchOnTheMissionCardOpensTheBriefing() throws {
        let opened = try Catalogue.games.parse("""
        version: 1
        game: glitch-squad
        canvas: {width: 180, height: 320, frame_rate: 30}
        duration: 8
        """, fileName: "live.yaml")
        let run = try opened.makeRun(RunOptions(live: true))
        run.advance(toFrame: 150)
        _ = run.drainTrace()
        // A touch beside the card does nothing; one on it opens the briefing.
        run.inject(.touch(TouchPoint(phase: .began, x: 0.5, y: 0.3, time: 5)), source: "touch")
        run.advance(toFrame: 152)
        #expect(!run.drainTrace().contains { $0.event == "phase" })
        run.inject(.touch(TouchPoint(phase: .began, x: 0.5, y: 0.8, time: 5.1)), source: "touch")
        run.advance(toFrame: 154)
        let trace = run.drainTrace()
        #expect(trace.contains { $0.event == "press" && $0.text("button") == "mission_card" && $0.text("source") == "touch" })
        #expect(trace.contains { $0.event == "phase" && $0.text("to") == "briefing" })
    }

    @Test func everyProblemOfABadSceneIsReportedAtItsLineAndColumn() throws {
        let text = """
        version: 1
        game: glitch-squad
        canvas: {width: 720, height: 1280}
        duration: 10
        mision: 2
        mission: 7
        settings: {sound: maybe}
        button: go
        timeline:
          - {time: 4, press: jump}
        cv:
          confidence_step: 3
        """
        #expect {
            try Catalogue.games.parse(text, fileName: "bad.yaml")
        } throws: { error in
            let lines = (error as? SceneErrors)?.diagnostics.map(\.description) ?? []
            return lines.contains { $0.hasPrefix("bad.yaml:5:1: unknown key 'mision' in the scene; did you mean 'mission'?") }
                && lines.contains("bad.yaml:6:10: mission is out of range: 7; expected a whole number from 1 to 3")
                && lines.contains("bad.yaml:7:19: settings.sound must be true or false; found 'maybe'")
                && lines.contains { $0.hasPrefix("bad.yaml:8:9: unknown button label 'go'") }
                && lines.contains { $0.hasPrefix("bad.yaml:10:22: unknown button 'jump' in timeline[0].press") }
                && lines.contains("bad.yaml:12:20: cv.confidence_step is out of range: 3; expected a number from 0.001 to 1")
                && lines.count == 6
        }
    }

    @Test func theBuiltInSceneIsMission01sFile() throws {
        let file = try String(contentsOfFile: RepositoryRoot.path + "/Scenes/glitch-squad/mission-01.yaml", encoding: .utf8)
        #expect(GlitchSquadGameModule().builtInScene.text + "\n" == file)
    }

    @Test func theSameSceneGivesTheSameTrace() throws {
        let opened = try Catalogue.games.open(path: RepositoryRoot.path + "/Scenes/glitch-squad/mission-01.yaml")
        let first = try Self.trace(opened).trace, second = try Self.trace(opened).trace
        #expect(first == second && first.count > 40)
    }
}
