import Audio
import Drawing
import ECS
import Foundation
import GameKit
@testable import Kiosk
import Princess
import PrincessGame
import Scene
import TestSupport
import Testing
import Trace

/// A game that fails to start in the kiosk: the child sees "Oops! This game is taking a nap.
/// Try another one!" full-screen, the trace says `game_error` with `reason`, and the process
/// goes on until it is stopped. A sound that fails is traced once and the frames go on.
@Suite(.serialized) struct DemoGameFailureTests {
    /// Why the stand-in game cannot start: what a game missing its art would throw.
    struct ArtMissing: Error, CustomStringConvertible {
        var description: String { "its art folder is missing" }
    }

    /// The princess game, failing to make a run from its `failingFrom`-th pass on (1: the first).
    final class FailingGame: GameModule, @unchecked Sendable {
        private let base = PrincessGameModule()
        private let failingFrom: Int
        private let lock = NSLock()
        private var runs = 0

        init(failingFrom: Int) { self.failingFrom = failingFrom }

        var info: GameInfo {
            var info = base.info
            info.id = "napping"
            return info
        }
        var sceneKeys: [String] { base.sceneKeys }
        var builtInScene: (fileName: String, text: String) { base.builtInScene }
        var vocabulary: TraceVocabulary { base.vocabulary }
        var sounds: SoundBank { base.sounds }
        func decodeScene(_ document: SceneDocument) throws -> any GameScene { try base.decodeScene(document) }

        func makeRun(of scene: any GameScene, options: RunOptions) throws -> any GameRun {
            lock.lock()
            runs += 1
            let run = runs
            lock.unlock()
            if run >= failingFrom { throw ArtMissing() }
            return try base.makeRun(of: scene, options: options)
        }
    }

    static func folder(_ label: String) -> String {
        let path = NSTemporaryDirectory() + "demo-failure-\(label)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func traceLines(_ path: String) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The loop of `game`'s default scene at 320×240, 10 frames a second, for `seconds` of a
    /// virtual clock, its frames written to `folder` and its trace to `folder/trace.jsonl`.
    static func run(_ game: FailingGame, seconds: Double, folder: String,
                    soundOutage: SoundOutage? = nil) throws -> DemoLoop.Outcome {
        let clock = VirtualClock(start: 0)
        let log = DemoLog(origin: 0, clock: { clock.now })
        let scene = SceneLoader.defaultScene
        let attract = AttractLoop(scene: OpenedScene(game: game, scene: scene), freshSeed: false, width: 320, height: 240)
        let trace = try DemoTrace(path: folder + "/trace.jsonl",
                                  sceneClock: FixedStepClock(framesPerSecond: scene.header.framesPerSecond,
                                                             stepsPerSecond: scene.header.simulationRate),
                                  origin: 0, log: log)
        defer { trace.close() }
        let loop = DemoLoop(DemoLoop.Parts(attract: attract, framesPerSecond: 10, clock: clock,
                                           display: FramesFolder(folder: folder + "/frames", clock: clock, log: log), trace: trace,
                                           soundOutage: soundOutage, log: log, duration: seconds))
        return loop.run(from: 0)
    }

    /// The frames written, in order.
    static func frames(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder + "/frames").filter { $0.hasSuffix(".png") }.sorted()
            .map { folder + "/frames/" + $0 }
    }

    /// The "taking a nap" screen as a painter draws it at 320×240.
    static func napScreen() throws -> [UInt8] {
        let surface = try #require(ImageSurface(width: 320, height: 240))
        ChildFacingError.gameFailedToStart.paint(on: surface.makeContext())
        return bytes(surface)
    }

    static func bytes(_ surface: ImageSurface) -> [UInt8] {
        let pixels = surface.pixels
        return Array(UnsafeRawBufferPointer(start: pixels.base, count: pixels.stride * pixels.height))
    }

    @Test func aGameThatCannotStartShowsTheNapScreenAndTracesIt() throws {
        let folder = Self.folder("first")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try Self.run(FailingGame(failingFrom: 1), seconds: 2, folder: folder)
        #expect(outcome.gameFailure == "its art folder is missing")
        #expect(outcome.stepsRun == 0)
        let frames = try Self.frames(folder)
        #expect(frames.count >= 19 && outcome.framesShown == frames.count, "\(frames.count) frames, \(outcome)")
        // Every frame is the nap screen, and its words can be read.
        let nap = try Self.napScreen()
        for path in [frames.first!, frames.last!] {
            let shown = try #require(ImageSurface.readWithCairo(from: path))
            // Compared first: a failing #expect of two arrays would diff 300,000 bytes.
            let same = Self.bytes(shown) == nap
            #expect(same, "\(path) is not the nap screen")
        }
        let read = TextRecognition.letters(try TextRecognition.read(png: frames.last!, language: "eng"))
        #expect(read.contains("thisgameistakinganap"), "tesseract read: \(read)")
        // One trace line says why, in machine words; the cause is there for grown-ups.
        let errors = Self.traceLines(folder + "/trace.jsonl").filter { $0["event"] as? String == "game_error" }
        #expect(errors.count == 1)
        #expect(errors.first?["reason"] as? String == "game_failed_to_start")
        #expect(errors.first?["detail"] as? String == "its art folder is missing")
    }

    @Test func aLaterPassThatCannotStartTurnsTheScreenToTheNap() throws {
        let folder = Self.folder("later")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let passSeconds = SceneLoader.defaultScene.header.duration
        let outcome = try Self.run(FailingGame(failingFrom: 2), seconds: passSeconds + 1.5, folder: folder)
        #expect(outcome.gameFailure != nil && outcome.loops == 2, "\(outcome)")
        let frames = try Self.frames(folder)
        let first = try #require(ImageSurface.readWithCairo(from: frames.first!))
        let last = try #require(ImageSurface.readWithCairo(from: frames.last!))
        let nap = try Self.napScreen()
        let firstIsNap = Self.bytes(first) == nap, lastIsNap = Self.bytes(last) == nap
        #expect(!firstIsNap, "the first pass played")
        #expect(lastIsNap, "after the failed pass the nap screen shows")
        let events = Self.traceLines(folder + "/trace.jsonl").map { $0["event"] as? String ?? "" }
        #expect(events.filter { $0 == "game_error" }.count == 1)
        #expect(events.last == "game_error")
    }

    @Test func theSessionShowsTheNapThenFailsInOneLine() throws {
        let folder = Self.folder("session")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var configuration = DemoConfiguration(scene: OpenedScene(game: FailingGame(failingFrom: 1), scene: SceneLoader.defaultScene))
        configuration.framesFolder = folder + "/frames"
        configuration.windowSize = (160, 120)
        configuration.tracePath = folder + "/trace.jsonl"
        configuration.duration = 1
        configuration.virtualClock = true
        #expect(throws: KioskError.gameDidNotStart("its art folder is missing")) { try DemoSession.run(configuration) }
        #expect(try Self.frames(folder).count >= 5)
        #expect(Self.traceLines(folder + "/trace.jsonl").contains { $0["reason"] as? String == "game_failed_to_start" })
    }

    @Test func aFailingSpeakerIsTracedOncePerOutageAndTheFramesGoOn() throws {
        let folder = Self.folder("sound")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outage = SoundOutage()
        outage.failed("cannot play to the default sink: Connection refused")
        outage.failed("cannot play to the default sink: Connection refused")
        let outcome = try Self.run(FailingGame(failingFrom: 99), seconds: 1, folder: folder, soundOutage: outage)
        #expect(outcome.framesShown >= 9 && outcome.stepsRun >= 59, "\(outcome)")
        let errors = Self.traceLines(folder + "/trace.jsonl").filter { $0["event"] as? String == "game_error" }
        #expect(errors.count == 1)
        #expect(errors.first?["reason"] as? String == "audio_failed")
        // Back, and lost again: a second line; retries while lost add none.
        outage.worked()
        outage.failed("lost PulseAudio playback")
        #expect(outage.takeUntraced() == "lost PulseAudio playback")
        outage.failed("lost PulseAudio playback")
        #expect(outage.takeUntraced() == nil)
    }
}
