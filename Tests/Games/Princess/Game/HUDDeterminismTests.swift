import Foundation
import TestSupport
import Testing
import Princess
import PrincessGame

/// The app tour's frames, with the HUD: the same bytes every time, and a frame reached
/// directly is the frame reached by rendering every one before it.
@Suite struct HUDDeterminismTests {
    private func tour() throws -> SceneDescription {
        try SceneLoader.load(path: RepositoryRoot.path + "/Scenes/princess/app-tour.yaml")
    }

    private func frame(_ index: Int, renderer: FrameRenderer = FrameRenderer()) throws -> [UInt8] {
        let simulation = SceneSimulation(scene: try tour(), width: 640, height: 360)
        simulation.advance(toFrame: index)
        return try frameBytes(renderer.render(simulation.snapshot()))
    }

    @Test func twoRendersAreIdentical() throws {
        for index in [60, 258, 632, 815] {
            #expect(try frame(index) == frame(index), "frame \(index)")
        }
    }

    @Test func partialEqualsFull() throws {
        let simulation = SceneSimulation(scene: try tour(), width: 640, height: 360)
        let renderer = FrameRenderer()
        var last: [UInt8] = []
        for index in 600...640 {
            simulation.advance(toFrame: index)
            last = try frameBytes(renderer.render(simulation.snapshot()))
        }
        #expect(last == (try frame(640)))
    }
}
