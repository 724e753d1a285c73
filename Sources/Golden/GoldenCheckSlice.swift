import Shards

/// The part of a golden check that one slice of `check --shard I/N` takes: the golden frames
/// of the chosen scenes, in manifest order, cut into N contiguous slices. A scene's trace,
/// sound and rules are checked once, in the slice that holds its first golden frame. When no
/// frames are drawn (`--only traces,sound`) the scenes themselves are cut into N slices.
public struct GoldenCheckSlice: Equatable {
    /// This slice's scenes, each with only this slice's frames.
    public let scenes: [GoldenScene]
    /// The scenes whose run (trace, sound, rules) this slice checks.
    public let runs: Set<String>

    /// A slice that cannot be cut: more slices than there are frames (or scenes) to share.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// Slice `shard` of a check of `scenes` comparing `parts`; all of it when `shard` is nil.
    public init(of scenes: [GoldenScene], parts: GoldenParts, shard: ShardSpec?) throws {
        guard let shard else {
            self.scenes = scenes
            runs = Set(scenes.map(\.name))
            return
        }
        guard parts.contains(.frames) else {
            guard scenes.count >= shard.count else {
                throw Failure(description: "--shard \(shard): \(shard.count) slices of \(scenes.count) scenes (no frames drawn) would leave some empty")
            }
            self.scenes = shard.slice(of: scenes)
            runs = Set(self.scenes.map(\.name))
            return
        }
        let frames = scenes.flatMap { scene in scene.frames.map { (scene.name, $0) } }
        guard frames.count >= shard.count else {
            throw Failure(description: "--shard \(shard): \(shard.count) slices of \(frames.count) golden frames would leave some empty")
        }
        let range = shard.slice(of: 0..<frames.count)
        var runs: Set<String> = []
        var first = 0
        var mine: [GoldenScene] = []
        for scene in scenes {
            // A scene without golden frames goes with the frame after it (or the last one).
            if range.contains(min(first, frames.count - 1)) { runs.insert(scene.name) }
            var part = scene
            part.frames = frames[range].filter { $0.0 == scene.name }.map(\.1)
            if !part.frames.isEmpty || runs.contains(scene.name) { mine.append(part) }
            first += scene.frames.count
        }
        self.scenes = mine
        self.runs = runs
    }
}
