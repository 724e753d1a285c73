import Foundation
import Golden
import Shards

/// `check --shard I/N`: the golden frames of the chosen scenes, in manifest order, cut into N
/// contiguous slices; this process checks one. A scene's trace, sound and rules are checked
/// once, in the slice that holds its first golden frame. When no frames are drawn
/// (`--only traces,sound`) the scenes themselves are cut into N contiguous slices.
extension Check {
    /// This slice's scenes (each with this slice's frames) and the names of the scenes whose
    /// run (trace, sound, rules) this slice checks, and which slice it is (nil: all).
    func slice(_ scenes: [GoldenScene], parts: GoldenParts) throws -> (scenes: [GoldenScene], runs: Set<String>, spec: ShardSpec?) {
        guard let shard else { return (scenes, Set(scenes.map(\.name)), nil) }
        let spec = try shard.resolve(environment: ProcessInfo.processInfo.environment)
        guard parts.contains(.frames) else {
            guard scenes.count >= spec.count else {
                throw ToolFailure(.badInput, "--shard \(spec): \(spec.count) slices of \(scenes.count) scenes (no frames drawn) would leave some empty")
            }
            let mine = spec.slice(of: scenes)
            return (mine, Set(mine.map(\.name)), spec)
        }
        let frames = scenes.flatMap { scene in scene.frames.map { (scene.name, $0) } }
        guard frames.count >= spec.count else {
            throw ToolFailure(.badInput, "--shard \(spec): \(spec.count) slices of \(frames.count) golden frames would leave some empty")
        }
        let range = spec.slice(of: 0..<frames.count)
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
        return (mine, runs, spec)
    }
}
