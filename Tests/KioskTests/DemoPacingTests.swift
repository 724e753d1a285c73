import Drawing
import ECS
import Foundation
import Feedback
@testable import Kiosk
import Output
import PrincessGame
import Princess
import PrincessTestSupport
import TestSupport
import Testing
import Trace
import Vocabulary

/// The demo's real-time arithmetic and its loop, driven by a virtual clock: no waiting, no
/// X server, no sound. The end-to-end tests (DemoLiveTests…) show the same on real parts.
@Suite struct DemoPacingTests {
    @Test func stepsFollowTheClockExactly() {
        let pacer = RealTimePacer(stepsPerSecond: 60, framesPerSecond: 30, origin: 1_000)
        #expect(pacer.stepsDue(at: 999) == 0)
        #expect(pacer.stepsDue(at: 1_000) == 0)
        #expect(pacer.stepsDue(at: 1_000 + 1.0 / 60 - 1e-6) == 0)
        #expect(pacer.stepsDue(at: pacer.time(afterSteps: 1)) == 1)
        #expect(pacer.stepsDue(at: 1_001) == 60)
        // Every step time reads back as that many steps: no off-by-one from rounding, even after a day.
        for steps in [1, 7, 59, 60, 61, 3_599, 5_184_000] {
            #expect(pacer.stepsDue(at: pacer.time(afterSteps: steps)) == steps)
        }
    }

    @Test func aLateFrameIsSkippedNotDrawnLate() {
        let pacer = RealTimePacer(stepsPerSecond: 60, framesPerSecond: 30, origin: 0)
        #expect(pacer.frameToShow(at: 0, lastShown: -1) == 0)
        #expect(pacer.frameToShow(at: 0.02, lastShown: 0) == nil)
        // Frame 1 took too long: at 0.25 s frames 1…6 are past, 7 is due; 1–6 are skipped.
        #expect(pacer.frameToShow(at: 0.25, lastShown: 0) == 7)
        // Steps run on time between frames (a clap waits for no frame).
        #expect(pacer.nextWake(lastShown: 7, stepsRun: 15) == pacer.time(afterSteps: 16))
        #expect(pacer.nextWake(lastShown: 7, stepsRun: 16) == pacer.time(ofFrame: 8))
    }

    @Test func aHeardClapIsTakenByAStepAtOnceNeverMoreThanOneStepAhead() {
        let pacer = RealTimePacer(stepsPerSecond: 60, framesPerSecond: 30, origin: 0)
        let between = pacer.time(afterSteps: 15) + 0.005  // 15 steps due, the 16th in 11.7 ms
        #expect(pacer.stepsDue(at: between) == 15)
        #expect(pacer.stepsDueForClap(at: between, stepsRun: 15) == 16)
        // A second clap before the clock reaches step 16 waits for it: at most one step ahead.
        #expect(pacer.stepsDueForClap(at: between, stepsRun: 16) == 16)
        // Behind the clock, the steps due run as usual, the clap with the first of them.
        #expect(pacer.stepsDueForClap(at: between, stepsRun: 12) == 15)
    }

    @Test func passesOfTheAttractLoopNeverDrift() {
        var pacer = RealTimePacer(stepsPerSecond: 60, framesPerSecond: 30, origin: 5)
        for _ in 0..<8_640 { pacer.restart(afterSteps: 600) }  // a day of ten-second passes
        #expect(abs(pacer.origin - (5 + 86_400)) < 1e-6)
    }

    @Test func theAttractLoopKeepsOrRenewsItsSeed() throws {
        var seeds: [UInt64] = [11, 22]
        var same = AttractLoop(scene: SceneLoader.defaultScene.opened, freshSeed: false, width: 64, height: 36)
        var fresh = AttractLoop(scene: SceneLoader.defaultScene.opened, freshSeed: true, width: 64, height: 36,
                                newSeed: { seeds.removeFirst() })
        #expect(same.stepsPerLoop == 600)
        for _ in 0..<3 { _ = try same.next() }
        #expect(same.number == 3 && same.seed == SceneLoader.defaultScene.seed)
        _ = try fresh.next()
        #expect(fresh.seed == SceneLoader.defaultScene.seed)  // the first pass is the scene as written
        let second = try fresh.next()
        #expect(fresh.seed == 11 && second.seed == 11)
        _ = try fresh.next()
        #expect(fresh.seed == 22)
    }

    @Test func soundEventsBecomeCuesPlacedWhereTheyHappened() throws {
        func sound(_ effect: SoundEffect, x: Float?) -> TraceEvent {
            TraceEvent(t: 1, frame: 30, kind: FeedbackEvent.sound(SoundCue(sound: effect.name, x: x, volume: 0.8)))
        }
        let left = try #require(TraceSoundtrack.cue(from: sound(.jump, x: 0), canvasWidth: 1_280, time: 2.5))
        #expect(left.sound == "jump" && left.pan == -TraceSoundtrack.panWidth && abs(left.gain - 0.8) < 1e-6 && left.time == 2.5)
        #expect(TraceSoundtrack.cue(from: sound(.bubble_pop, x: 1_280), canvasWidth: 1_280)?.pan == TraceSoundtrack.panWidth)
        #expect(TraceSoundtrack.cue(from: sound(.bubble_pop, x: 1_280), canvasWidth: 1_280)?.time == 1)
        #expect(TraceSoundtrack.cue(from: sound(.snow, x: nil), canvasWidth: 1_280)?.pan == 0)
        // Only sound events are sounds: a clap or a hand-made line with a "sound" field is not.
        #expect(TraceSoundtrack.cue(from: TraceEvent(t: 1, frame: 30, kind: .clap(source: "mic", characters: 5)), canvasWidth: 1_280) == nil)
        #expect(TraceSoundtrack.cue(from: TraceEvent(t: 1, frame: 30, event: "sound", fields: [TraceField("sound", .text("jump"))]),
                                    canvasWidth: 1_280) == nil)
    }

    @Test func theTraceIsRendersTraceWithWallTimes() throws {
        // The demo steps one frame per step; its trace must still read like render's.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("trace.jsonl").path
        let scene = SceneLoader.defaultScene
        let log = DemoLog(origin: 0, clock: { 0 })
        let trace = try DemoTrace(path: path, sceneClock: FixedStepClock(framesPerSecond: scene.framesPerSecond,
                                                                          stepsPerSecond: scene.simulationRate),
                                  origin: 100, log: log)
        var attract = AttractLoop(scene: scene.opened, freshSeed: false, width: 64, height: 36)
        let live = try attract.next()
        trace.loopStarted(number: 1, seed: attract.seed, wall: 100)
        trace.write(live.drainTrace(), wall: 100)
        for step in 1...attract.stepsPerLoop {
            live.advance(toFrame: step)
            trace.write(live.drainTrace(), wall: 100 + Double(step) / 60 + 0.004)
        }
        trace.close()

        let reference = SceneSimulation(scene: scene, width: 64, height: 36)
        var expected = reference.drainTrace().map(\.jsonLine)
        for frame in 1...reference.frameCount {
            reference.advance(toFrame: frame)
            expected += reference.drainTrace().map(\.jsonLine)
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"t":0,"frame":0,"event":"loop","loop":1,"seed":2024,"wall":0}"#)
        var withoutWall: [String] = []
        for line in lines.dropFirst() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let wall = try #require(object["wall"] as? Double)
            let t = try #require(object["t"] as? Double)
            #expect(abs(wall - t - (t > 0 ? 0.004 : 0)) < 2e-4, "\(line)")
            let range = try #require(line.range(of: #","wall":[0-9.]+\}$"#, options: .regularExpression))
            withoutWall.append(String(line[..<range.lowerBound]) + "}")
        }
        #expect(withoutWall == expected)
    }

    @Test func aHeardClapIsTracedWithItsOnsetAndEveryPrincessJumps() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("demo-clap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("trace.jsonl").path
        let scene = SceneLoader.defaultScene
        let trace = try DemoTrace(path: path, sceneClock: FixedStepClock(framesPerSecond: 30, stepsPerSecond: 60),
                                  origin: 0, log: DemoLog(origin: 0, clock: { 0 }))
        var attract = AttractLoop(scene: scene.opened, freshSeed: false, width: 64, height: 36)
        let live = try attract.next()
        live.advance(toFrame: 150)
        _ = live.drainTrace()
        trace.noteHeardClap(onset: 2.4871, decided: 2.5112, strength: 31.2)
        live.inject(.clap, source: "mic")
        live.advance(toFrame: 151)
        trace.write(live.drainTrace(), wall: 2.52)
        trace.close()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"t":2.5167,"frame":76,"event":"clap","source":"mic","characters":5,"onset":2.4871,"decided":2.5112,"strength":31.2,"wall":2.52}"#)
        #expect(lines.filter { $0.contains(#""action":"jump","cause":"clap""#) }.count == 5)
    }

    @Test func aSlowFrameNeverSlowsTheSimulation() throws {
        // Every frame takes 100 ms (three frame periods): frames are skipped, steps are not.
        let clock = VirtualClock(start: 50)
        let display = SlowDisplay(clock: clock, seconds: 0.1)
        let attract = AttractLoop(scene: SceneLoader.defaultScene.opened, freshSeed: false, width: 64, height: 36)
        let loop = DemoLoop(DemoLoop.Parts(attract: attract, framesPerSecond: 30, clock: clock, display: display,
                                          log: DemoLog(origin: 50, clock: { clock.now }), duration: 25))
        let outcome = loop.run(from: 50)
        #expect(outcome.stepsRun == 1_500)
        #expect(outcome.loops == 3)
        #expect(outcome.framesShown >= 240 && outcome.framesShown <= 260)
        #expect(outcome.framesShown + outcome.framesSkipped >= 740)
        #expect(display.shown == outcome.framesShown)
    }

    @Test func aFastLoopShowsEveryFrameAtTheDisplaysPace() throws {
        let clock = VirtualClock(start: 0)
        let display = SlowDisplay(clock: clock, seconds: 0)
        let attract = AttractLoop(scene: SceneLoader.defaultScene.opened, freshSeed: false, width: 64, height: 36)
        let loop = DemoLoop(DemoLoop.Parts(attract: attract, framesPerSecond: 24, clock: clock, display: display,
                                          log: DemoLog(origin: 0, clock: { clock.now }), duration: 12))
        let outcome = loop.run(from: 0)
        #expect(outcome.stepsRun == 720 && outcome.loops == 2)
        // 24 frames a second; the second pass starts at its own frame 0.
        #expect(outcome.framesSkipped == 0)
        #expect(display.shown == 12 * 24 + 1 || display.shown == 12 * 24)
    }
}

/// A display whose every frame takes `seconds` of the virtual clock to show.
private final class SlowDisplay: DemoDisplay {
    let clock: VirtualClock
    let seconds: Double
    private(set) var shown = 0
    var framesShown: Int { shown }
    let closeRequested = false
    var wantsFrame: Bool { true }

    init(clock: VirtualClock, seconds: Double) {
        self.clock = clock
        self.seconds = seconds
    }

    func show(_ frame: FramePixels, index: Int) {
        shown += 1
        clock.advance(by: seconds)
    }

    func close() {}
}
