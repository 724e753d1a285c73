@testable import Golden
import Shards
import Testing

/// `check --shard I/N`: every golden frame in exactly one slice, each scene's run (trace,
/// sound, rules) in the slice of its first frame, and a slice that would be empty refused.
@Suite struct GoldenCheckSliceTests {
    private func scene(_ name: String, frames: [Int]) -> GoldenScene {
        GoldenScene(name: name, sceneFile: name + ".yaml", width: 64, height: 48, frames: frames,
                    tolerance: GoldenTolerance(), regions: [])
    }

    private var scenes: [GoldenScene] {
        [scene("a", frames: [0, 60, 120]), scene("b", frames: []), scene("c", frames: [0, 30]), scene("d", frames: [0, 60])]
    }

    @Test func theSlicesShareTheFramesAndEachRunOnce() throws {
        var frames: [String] = []
        var runs: [String] = []
        for index in 0..<3 {
            let slice = try GoldenCheckSlice(of: scenes, parts: .all, shard: ShardSpec(index: index, count: 3))
            frames += slice.scenes.flatMap { scene in scene.frames.map { "\(scene.name)\($0)" } }
            runs += slice.runs.sorted()
        }
        #expect(frames == ["a0", "a60", "a120", "c0", "c30", "d0", "d60"])
        #expect(runs.sorted() == ["a", "b", "c", "d"])
        // b has no frame: it goes with the frame after it, c's first, in the second slice.
        let second = try GoldenCheckSlice(of: scenes, parts: .all, shard: ShardSpec(index: 1, count: 3))
        #expect(second.runs == ["b", "c"])
        #expect(second.scenes.map(\.name) == ["b", "c"])
        // A scene cut between slices is checked in both, its run in the first.
        let cut = try GoldenCheckSlice(of: scenes, parts: .all, shard: ShardSpec(index: 1, count: 4))
        #expect(cut.scenes.map { "\($0.name)\($0.frames)" } == ["a[120]", "b[]", "c[0]"])
        #expect(cut.runs == ["b", "c"])
    }

    @Test func withoutFramesTheScenesAreSliced() throws {
        let slice = try GoldenCheckSlice(of: scenes, parts: [.traces], shard: ShardSpec(index: 1, count: 2))
        #expect(slice.scenes.map(\.name) == ["c", "d"])
        #expect(slice.runs == ["c", "d"])
    }

    @Test func noShardIsTheWholeCheck() throws {
        let slice = try GoldenCheckSlice(of: scenes, parts: .all, shard: nil)
        #expect(slice.scenes == scenes)
        #expect(slice.runs == ["a", "b", "c", "d"])
    }

    @Test func aSliceThatWouldBeEmptyIsRefused() throws {
        func refusal(_ parts: GoldenParts, _ count: Int) -> String? {
            do {
                _ = try GoldenCheckSlice(of: scenes, parts: parts, shard: ShardSpec(index: 0, count: count))
                return nil
            } catch {
                return (error as? GoldenCheckSlice.Failure)?.description
            }
        }
        #expect(refusal(.all, 8) == "--shard 0/8: 8 slices of 7 golden frames would leave some empty")
        #expect(refusal(.all, 7) == nil)
        #expect(refusal([.sound], 5) == "--shard 0/5: 5 slices of 4 scenes (no frames drawn) would leave some empty")
    }
}
