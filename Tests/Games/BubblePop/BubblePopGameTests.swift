@testable import BubblePopGame
import Catalogue
import Foundation
import GameKit
import Scene
import TestSupport
import Testing
import Trace

/// Bubble Pop as a child sees and a tester reads it: the taps pop the bubbles they name,
/// heard and felt, the card shows at the end, and a bad tap is bad input at its place.
@Suite struct BubblePopGameTests {
    static func run(_ text: String) throws -> (trace: [TraceEvent], last: BubblePopSnapshot) {
        let opened = try Catalogue.games.parse(text, fileName: "pop.yaml")
        let scene = try #require(opened.scene as? BubblePopScene)
        let simulation = BubblePopSimulation(scene: scene, options: RunOptions())
        simulation.advance(toFrame: simulation.frameCount - 1)
        return (simulation.drainTrace(), simulation.snapshot())
    }

    @Test func theBuiltInSceneIsTheScenesFile() throws {
        let file = try String(contentsOfFile: RepositoryRoot.path + "/Scenes/bubble-pop/pop.yaml", encoding: .utf8)
        #expect(file == BubblePopScene.builtIn)
    }

    @Test func eachTapPopsItsBubbleWithASoundAndAHaptic() throws {
        let (trace, last) = try Self.run(BubblePopScene.builtIn)
        #expect(trace.map(\.event) == ["popped", "sound", "haptic", "popped", "sound", "haptic", "popped", "sound", "haptic", "all_popped"])
        #expect(trace.filter { $0.event == "popped" }.map(\.character) == ["red", "yellow", "blue"])
        #expect(trace.first?.t == 0.5)
        #expect(last.bubbles.isEmpty && last.wellDone)
    }

    @Test func hapticsOffIsHeardNotFelt() throws {
        let text = BubblePopScene.builtIn.replacingOccurrences(of: "duration: 4\n", with: "duration: 4\nhaptics: false\n")
        let (trace, last) = try Self.run(text)
        #expect(!trace.contains { $0.event == "haptic" } && trace.filter { $0.event == "sound" }.count == 3)
        #expect(last.wellDone)
    }

    @Test func aMisspeltBubbleIsBadInputAtItsPlace() throws {
        let text = BubblePopScene.builtIn.replacingOccurrences(of: "pop: yellow", with: "pop: yelow")
        let errors = try #require(throws: SceneErrors.self) { try Catalogue.games.parse(text, fileName: "pop.yaml") }
        #expect(errors.diagnostics.map(\.description) == [
            "pop.yaml:7:22: unknown bubble 'yelow' in taps[1].pop; did you mean 'yellow'? (expected one of: red, yellow, blue)",
        ])
    }

    @Test func aFingerOnABubblePopsItAndTheScriptStops() throws {
        let scene = try #require(try Catalogue.games.parse(BubblePopScene.builtIn, fileName: "pop.yaml").scene as? BubblePopScene)
        let simulation = BubblePopSimulation(scene: scene, options: RunOptions())
        simulation.advance(toFrame: 6)
        // At 0.2 s the red bubble is at (0.25, 1.1 - 1.2 * 0.2 / 3); a finger beside it misses, one on it pops it.
        simulation.inject(.touch(TouchPoint(phase: .began, x: 0.6, y: 0.9, time: 0.2)), source: "touch")
        simulation.advance(toFrame: 7)
        #expect(simulation.drainTrace().isEmpty)
        simulation.inject(.touch(TouchPoint(phase: .began, x: 0.25, y: 1.02, time: 0.23)), source: "touch")
        simulation.advance(toFrame: 8)
        #expect(simulation.drainTrace().filter { $0.event == "popped" }.map(\.character) == ["red"])
        // The scene's taps (yellow at 1.2 s, blue at 2 s) no longer play: the child is playing.
        simulation.advance(toFrame: simulation.frameCount - 1)
        #expect(simulation.drainTrace().isEmpty)
    }
}
