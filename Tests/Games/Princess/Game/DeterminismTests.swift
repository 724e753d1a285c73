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

    @Test func theSpriteAtlasStartingOverChangesNothing() throws {
        let snapshot = SnapshotFixtures.busy(frame: 5, width: 640, height: 360, particleCount: 300)
        let renderer = FrameRenderer(spriteCapacity: 7)
        let small = try frameBytes(renderer.render(snapshot))
        let large = try frameBytes(FrameRenderer().render(snapshot))
        #expect(small == large)
    }
}
