import CVBus
import Catalogue
import Drawing
@testable import ExampleGame
import Foundation
import GameKit
import Scene
import TestSupport
import Testing
import Trace

/// The example game through the seam, as the engine drives it: what it draws where a toy is,
/// what it traces and when, driven by a scene's script, a detection log, the mock and a
/// camera failure.
@Suite struct ExampleGameTests {
    static let game = ExampleGameModule()

    /// A scene of the example game with `cv` as its `cv:` section.
    static func scene(_ cv: String, duration: Double = 4, shapes: String = "apple: {shape: circle, color: \"#ff3355\"}") throws -> OpenedScene {
        try Catalogue.games.parse("""
        version: 1
        game: example
        canvas: {width: 320, height: 180, frame_rate: 30}
        duration: \(duration)
        background: "#102030"
        shapes:
          \(shapes)
        cv:
        \(cv)
        """, fileName: "test.yaml")
    }

    /// Every trace event of `run` through `frame`, and the frame's pixels there.
    static func run(_ opened: OpenedScene, to frame: Int, options: RunOptions = RunOptions()) throws -> (trace: [TraceEvent], pixels: FramePixels, run: any GameRun) {
        let run = try opened.makeRun(options)
        var trace = run.drainTrace()
        for number in 1...frame {
            run.advance(toFrame: number)
            trace += run.drainTrace()
        }
        return (trace, try run.drawFrame(), run)
    }

    static func colour(_ pixels: FramePixels, _ x: Double, _ y: Double) -> [Int] {
        let p = pixels.rgba(x: Int(x * Double(pixels.width)), y: Int(y * Double(pixels.height)))
        return [p.red, p.green, p.blue]
    }

    static let held = """
          script:
            - object: apple
              position: [0.25, 0.5]
              confidence: [[1.0, 0.9], [2.0, 0.9]]
        """

    @Test func theShapeIsDrawnInItsColourWhereTheToyIsAndGoesWhenItLeaves() throws {
        let opened = try Self.scene(Self.held)
        // Before the camera sees it: the mat's colour there.
        #expect(Self.colour(try Self.run(opened, to: 30).pixels, 0.25, 0.5) == [0x10, 0x20, 0x30])
        // Seen at 1 s, delivered at 1.05 s, grown by 1.3 s: the apple's red where the apple is, not elsewhere.
        let shown = try Self.run(opened, to: 45).pixels
        #expect(Self.colour(shown, 0.25, 0.5) == [0xff, 0x33, 0x55])
        #expect(Self.colour(shown, 0.75, 0.5) == [0x10, 0x20, 0x30])
        // Gone at 2.25 s, faded by 2.9 s.
        #expect(Self.colour(try Self.run(opened, to: 90).pixels, 0.25, 0.5) == [0x10, 0x20, 0x30])
    }

    @Test func theTraceSaysWhenEachEventWasHandled() throws {
        let trace = try Self.run(try Self.scene(Self.held), to: 119).trace
        #expect(trace.map(\.event) == ["appear", "sound", "fade", "sound", "gone"])
        let appear = trace[0]
        // The step that ends at 1.05 s: the camera's time plus the 50 ms latency.
        #expect(appear.t == 63.0 / 60 && appear.frame == 32)
        #expect(appear.character == "apple" && appear["x"] == .number(0.25) && appear["confidence"] == .number(0.9))
        #expect(trace[1].text("sound") == ExampleSounds.appear.rawValue && trace[1]["x"] == .number(80))
        #expect(trace[2].t == 138.0 / 60)
        #expect(trace[4].t > trace[2].t + ExampleSimulation.fadeSeconds - 0.02 && trace[4].t < trace[2].t + ExampleSimulation.fadeSeconds + 0.02)
        // Every sound it cues is in its own bank.
        for event in trace where event.event == "sound" {
            #expect(Self.game.sounds.clip(.init(rawValue: event.text("sound") ?? "")) != nil)
        }
    }

    @Test func aDetectionLogDrivesItAndTheShapeFollowsTheToy() throws {
        let lines = (0...30).map { index in
            "{\"time\": \(1 + Double(index) / 30), \"label\": \"duck\", \"id\": 3, \"confidence\": 0.8, \"position\": [\(0.2 + 0.02 * Double(index)), 0.5]}"
        }
        let recording = try CVLogFile.parse(Array(lines.joined(separator: "\n").utf8), file: "duck.jsonl")
        let opened = try Self.scene("  mock: false", duration: 3)
        let (trace, pixels, _) = try Self.run(opened, to: 66, options: RunOptions(cvRecording: recording))
        #expect(trace.first?.event == "appear" && trace.first?.character == "duck#3")
        #expect(trace.filter { $0.event == "move" }.count == 30)
        #expect(trace.last(where: { $0.event == "move" })?["x"] == .number(0.8))
        // A label the scene does not style is the fallback's white, at the toy's last place.
        #expect(Self.colour(pixels, 0.8, 0.5) == [255, 255, 255])
        #expect(Self.colour(pixels, 0.2, 0.5) == [0x10, 0x20, 0x30])
    }

    @Test func aCameraFailureShowsTheChildWordedMessage() throws {
        let opened = try Self.scene("""
          script:
            - camera: permission_denied
              time: 1
        """)
        let before = try Self.run(opened, to: 29).pixels
        let (trace, after, _) = try Self.run(opened, to: 33)
        let error = try #require(trace.first { $0.event == "camera_error" })
        #expect(error.text("message") == "This game needs the camera to see your toys! Ask a grown-up to help turn it on.")
        #expect(error.text("kind") == "permission_denied")
        // The card, inside its left edge, and the dimmed mat outside it.
        #expect(Self.colour(before, 0.17, 0.5) == [0x10, 0x20, 0x30])
        #expect(Self.colour(after, 0.17, 0.5) == [255, 250, 240])
        let dimmed = Self.colour(after, 0.05, 0.05)
        #expect(dimmed[2] < 0x30 && dimmed[2] > 0)
        // Dark text on the card: some of its middle row is far from the card's colour.
        let row = (0..<after.width).map { after.rgba(x: $0, y: after.height / 2) }.filter { $0.red < 120 }
        #expect(row.count > 10)
    }

    @Test func theMockDetectsACircleEveryTwoSeconds() throws {
        let (trace, pixels, _) = try Self.run(try Self.scene("  mock: false"), to: 75, options: RunOptions(cvMock: true))
        let appear = try #require(trace.first { $0.event == "appear" })
        #expect(appear.character == "circle" && appear.t == 123.0 / 60 && appear["confidence"] == .number(0.95))
        #expect(Self.colour(pixels, 0.5, 0.5) == [255, 255, 255])
    }

    @Test func theSameSceneAndSeedGiveTheSamePixelsAndTrace() throws {
        let opened = Self.game.builtInScene
        let scene = try Catalogue.games.parse(opened.text, fileName: opened.fileName)
        let a = try Self.run(scene, to: 120), b = try Self.run(scene, to: 120)
        #expect(frameBytes(a.pixels) == frameBytes(b.pixels))
        #expect(a.trace.map(\.jsonLine) == b.trace.map(\.jsonLine))
        #expect(a.trace.map(\.event).contains("move"))
    }

    @Test func theBuiltInSceneIsTheOneInScenesAndTheLobbyListsTheGame() throws {
        let file = try String(contentsOfFile: RepositoryRoot.path + "/Scenes/example/shapes.yaml", encoding: .utf8)
        #expect(file == Self.game.builtInScene.text + "\n")
        let opened = try Catalogue.games.builtIn("example")
        #expect(opened.game.id == "example" && opened.scene.header.duration == 8)
        #expect(Catalogue.games.ids.contains("example"))
        // Its subscription names real kinds, so it receives camera failures too.
        let subscription = try CVSubscription(names: Self.game.info.requiredCVEvents)
        #expect(subscription.accepts(.cameraFailure(.unavailable, time: 0)))
        #expect(Self.game.info.minAge == 3 && !Self.game.info.iconName.isEmpty)
    }

    @Test func aBadSceneIsEveryProblemWhereItIs() throws {
        do {
            _ = try Self.scene("  latency: -1", shapes: "apple: {shape: hexagon, color: \"red\"}")
            Issue.record("the scene should be refused")
        } catch let errors as SceneErrors {
            #expect(errors.diagnostics.map(\.description) == [
                "test.yaml:7:18: unknown shape 'hexagon' in shapes.apple.shape (expected one of: circle, square, triangle)",
                "test.yaml:7:34: shapes.apple.color must be a colour \"#rrggbb\" (quoted in YAML); found 'red'",
                "test.yaml:9:12: cv.latency is out of range: -1; expected a number from 0 to 5 seconds",
            ])
        }
    }

    /// Rules are read against every game's words joined (the manifest's) or the game's own:
    /// in both, its positions and a sound's volume are numbers a range can check, and a
    /// haptic kind is one of the six.
    @Test func itsNumberFieldsAndHapticKindsAreKnownToRules() throws {
        let numbers = """
        - {name: on-the-mat, rule: range, event: {event: appear}, field: x, min: 0, max: 1}
        - {name: not-too-loud, rule: range, event: {event: sound}, field: volume, max: 1}
        """
        for words in [ExampleGameModule.words, Catalogue.games.vocabulary] {
            #expect(try SceneRuleReader.parse(numbers, file: "rules.yaml", vocabulary: words).count == 2)
            #expect(throws: SceneErrors.self) {
                try SceneRuleReader.parse("- {name: buzz, rule: never, event: {event: haptic, kind: buzz}}", file: "rules.yaml", vocabulary: words)
            }
        }
    }
}

/// What GameKit does for every game of one device before the game makes a run.
@Suite struct SoloGameRunTests {
    @Test func theOptionsSeedAndLengthReachTheGamesOwnScene() throws {
        let opened = try ExampleGameTests.scene("  mock: false", duration: 4)
        let run = try opened.makeRun(RunOptions(seed: 99, duration: 2))
        #expect(run.seed == 99)
        #expect(run.frameCount == 60, "2 s at 30 frames a second")
    }

    @Test func aPeerIsRefusedInOneLineNamingTheGame() throws {
        let opened = try ExampleGameTests.scene("  mock: false")
        #expect(throws: GameRunError("--peer ben: the game example has no shared sessions, so no peers")) {
            try opened.makeRun(RunOptions(peer: "ben"))
        }
    }

    @Test func aSceneOfAnotherGameIsRefused() throws {
        let text = try String(contentsOfFile: RepositoryRoot.path + "/Scenes/princess/default.yaml", encoding: .utf8)
        let other = try Catalogue.games.parse(text, fileName: "default.yaml")
        #expect(throws: GameRunError("default is a scene of princess, not of the game example")) {
            try ExampleGameModule().makeRun(of: other.scene, options: RunOptions())
        }
    }
}
