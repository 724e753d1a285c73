import Foundation
import Princess
@testable import PrincessGame
import TestSupport
import Testing

/// A twirl seen frame by frame: she turns, and edge-on she still has a readable silhouette.
@Suite struct TwirlPixelTests {
    /// How many columns her figure spans at `frame`: pixels that differ from the empty room,
    /// above the floor band where her shadow (which does not turn) lies.
    private static func drawnWidth(_ simulation: SceneSimulation, frame: Int) throws -> (columns: Int, spin: Float) {
        simulation.advance(toFrame: frame)
        var snapshot = simulation.snapshot()
        snapshot.particles = []
        var room = snapshot
        room.characters = []
        let her = try FrameRenderer().render(snapshot), empty = try FrameRenderer().render(room)
        let pose = snapshot.characters[0]
        let floorBand = Int(pose.position.y - pose.baseHeight * pose.scale * 0.12)
        var columns = 0
        for x in 0..<snapshot.width where (0..<floorBand).contains(where: { her.rgba(x: x, y: $0) != empty.rgba(x: x, y: $0) }) {
            columns += 1
        }
        return (columns, pose.spin)
    }

    @Test func edgeOnSheStaysAtLeastAThirdOfHerWidestWidth() throws {
        let simulation = SceneSimulation(scene: try SceneLoader.parse("""
        version: 1
        canvas: {width: 640, height: 360, frame_rate: 30}
        duration: 3
        seed: 3
        background: nightlight
        characters:
          - {id: rosie, kind: rosie, position: [320, 320]}
        timeline:
          - {time: 0.5, action: {kind: twirl, target: rosie}}
        """, fileName: "twirl.yaml"))
        // Every frame of the twirl (0.5 s to 1.7 s), the edge-on ones included; her arms are
        // out from early on, so her widest frame, facing the viewer or away, is the measure.
        var narrowest = (columns: Int.max, spin: Float(0), frame: 0), widest = 0
        for frame in 15...51 {
            let turned = try Self.drawnWidth(simulation, frame: frame)
            if turned.columns < narrowest.columns { narrowest = (turned.columns, turned.spin, frame) }
            widest = max(widest, turned.columns)
        }
        #expect(widest > 40, "\(widest)")
        // The twirl does go edge-on (a quarter or three quarters of a turn).
        #expect(abs(cos(Double(narrowest.spin))) < 0.2, "\(narrowest)")
        #expect(Double(narrowest.columns) >= 0.33 * Double(widest),
                "narrowest \(narrowest.columns) columns at frame \(narrowest.frame), widest \(widest)")
    }
}
