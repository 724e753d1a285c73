import Foundation
import Golden
import Shards

/// `check --shard I/N`: the golden frames of the chosen scenes, in manifest order, cut into N
/// contiguous slices; this process checks one.
extension Check {
    func slice(_ scenes: [GoldenScene]) throws -> [GoldenScene] {
        guard let shard else { return scenes }
        let spec = try shard.resolve(environment: ProcessInfo.processInfo.environment)
        let frames = scenes.flatMap { scene in scene.frames.map { (scene.name, $0) } }
        guard frames.count >= spec.count else {
            throw ToolFailure(.badInput, "--shard \(spec): \(spec.count) slices of \(frames.count) golden frames would leave some empty")
        }
        let mine = spec.slice(of: frames)
        return scenes.compactMap { scene in
            var part = scene
            part.frames = mine.filter { $0.0 == scene.name }.map(\.1)
            return part.frames.isEmpty ? nil : part
        }
    }
}
