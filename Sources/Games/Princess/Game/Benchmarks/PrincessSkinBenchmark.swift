import Foundation
import GameKit
import Princess

/// Skinned against built-in drawing (the target: at least 0.8× the built-in rate): the default
/// scene at 720p drawn by two renderers in turn, one with every princess in the built-in look,
/// one with every princess skinned from her exported skin, so a busy moment of the machine
/// weighs on both alike; the best of three passes each.
struct PrincessSkinBenchmark: GameBenchmark {
    let name = "princess-skins"

    func run(arguments: [String], note: (String) -> Void) -> [BenchmarkFigure] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aria-bench-skins-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        var folders: [CharacterKind: String] = [:]
        for kind in CharacterKind.allCases {
            let path = folder.appendingPathComponent(kind.rawValue).path
            guard (try? PrincessSkinExport.write(kind, to: path)) != nil else {
                note("princess-skins: cannot write the exported skins to \(folder.path)")
                return []
            }
            folders[kind] = path
        }
        guard let skins = try? PrincessSkins.load(folders) else {
            note("princess-skins: the exported skins do not load")
            return []
        }
        var builtIn = Duration.seconds(1_000), skinned = Duration.seconds(1_000)
        var frames = 0
        for _ in 0..<3 {
            let simulation = SceneSimulation(scene: SceneLoader.defaultScene, width: 1280, height: 720)
            // Fresh renderers each pass: the figures' caches are part of the cost.
            let plain = FrameRenderer(), dressed = FrameRenderer(skins: skins)
            var passPlain = Duration.zero, passSkinned = Duration.zero
            let clock = ContinuousClock()
            frames = simulation.frameCount
            for frame in 0..<frames {
                simulation.advance(toFrame: frame)
                let snapshot = simulation.snapshot()
                passPlain += clock.measure { _ = try? plain.render(snapshot) }
                passSkinned += clock.measure { _ = try? dressed.render(snapshot) }
            }
            builtIn = min(builtIn, passPlain)
            skinned = min(skinned, passSkinned)
        }
        let builtInFPS = Double(frames) / BenchmarkTiming.seconds(builtIn)
        let skinnedFPS = Double(frames) / BenchmarkTiming.seconds(skinned)
        note("princess-skins: 1280x720 default scene, every princess skinned from her exported skin")
        return [
            BenchmarkFigure("draw_fps_720p_builtin", builtInFPS, decimals: 1),
            BenchmarkFigure("draw_fps_720p_skinned", skinnedFPS, decimals: 1),
            BenchmarkFigure("skinned_draw_ratio", skinnedFPS / builtInFPS, decimals: 2),
        ]
    }
}
