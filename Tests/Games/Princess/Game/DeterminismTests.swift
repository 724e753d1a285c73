import PrincessTestSupport
import TestSupport
import Testing
import Princess
@testable import PrincessGame

/// The same snapshot gives the same bytes, whatever was drawn before.
@Suite struct DeterminismTests {
    @Test func twoRenderersGiveIdenticalBytes() throws {
        let snapshot = SnapshotFixtures.busy(frame: 17, width: 640, height: 360, particleCount: 400)
        let first = try frameBytes(FrameRenderer().render(snapshot))
        let second = try frameBytes(FrameRenderer().render(snapshot))
        #expect(first == second)
    }

    @Test func historyDoesNotChangeAFrame() throws {
        // One renderer that drew other frames (and filled its caches) first…
        let warm = FrameRenderer()
        for frame in [3, 40, 9] { _ = try warm.render(SnapshotFixtures.busy(frame: frame, width: 640, height: 360, particleCount: 300)) }
        _ = try warm.render(SnapshotFixtures.room(.nursery, width: 640, height: 360, highContrast: true))
        let snapshot = SnapshotFixtures.busy(frame: 25, width: 640, height: 360, particleCount: 300)
        let afterHistory = try frameBytes(warm.render(snapshot))
        // …and a fresh one.
        let fresh = try frameBytes(FrameRenderer().render(snapshot))
        #expect(afterHistory == fresh)
    }

    /// What the figure cache keeps, everything (as `aria-bench princess-drawing` measures) or
    /// almost nothing, changes no frame of the default scene.
    @Test func keepingEveryFigureOrNoneChangesNothing() throws {
        let everything = FrameRenderer(figures: CharacterFigureCache(keepFrames: 1_000_000, capacity: 1_000_000))
        let nothing = FrameRenderer(figures: CharacterFigureCache(keepFrames: 0, capacity: 1))
        let usual = FrameRenderer()
        let simulation = SceneSimulation(scene: SceneLoader.defaultScene, width: 320, height: 180)
        for frame in stride(from: 0, to: 120, by: 3) {
            simulation.advance(toFrame: frame)
            let snapshot = simulation.snapshot()
            let expected = try frameBytes(usual.render(snapshot))
            #expect(try frameBytes(everything.render(snapshot)) == expected, "frame \(frame), every figure kept")
            #expect(try frameBytes(nothing.render(snapshot)) == expected, "frame \(frame), no figure kept")
        }
    }

    @Test func theSpriteAtlasStartingOverChangesNothing() throws {
        let snapshot = SnapshotFixtures.busy(frame: 5, width: 640, height: 360, particleCount: 300)
        let renderer = FrameRenderer(spriteCapacity: 7)
        let small = try frameBytes(renderer.render(snapshot))
        let large = try frameBytes(FrameRenderer().render(snapshot))
        #expect(small == large)
    }
}
