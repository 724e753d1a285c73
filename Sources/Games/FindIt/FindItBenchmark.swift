import Foundation
import GameKit
import SavedState
import Scene

/// FindIt's speed figures (`aria-bench findit`): the hunt drawn at 720×1280 with its Hangul
/// (beside the princess scene's 720p figures of `aria-bench princess-drawing`), and a
/// catalogue of 10 items × 10 photos saved to a profile and read back.
struct FindItBenchmark: GameBenchmark {
    let name = "findit"

    func run(arguments: [String], note: (String) -> Void) -> [BenchmarkFigure] {
        let folder = arguments.first { $0.hasSuffix(".yaml") }.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
            ?? "Scenes/findit"
        guard let document = try? SceneDocument.load(path: folder + "/hunt.yaml"),
              let scene = try? FindItSceneDecoder.decode(document) else {
            note("findit: cannot read \(folder)/hunt.yaml; run from the repository's folder")
            return []
        }
        let fps = (0..<3).map { _ in Self.drawFPS(scene) }.max() ?? 0
        note("findit: hunt.yaml, \(scene.header.duration) s, every frame simulated and drawn at 720x1280")
        let (save, reopen, items) = Self.catalogueTimes(photos: scene.items.flatMap(\.photos))
        note("findit: 10 items of 10 photos saved in one transaction, then the profile reopened with \(items) items")
        return [
            BenchmarkFigure("hunt_draw_fps_720x1280", fps, decimals: 1),
            BenchmarkFigure("register_10x10_seconds", save, decimals: 3),
            BenchmarkFigure("reopen_profile_seconds", reopen, decimals: 3),
        ]
    }

    static func drawFPS(_ scene: FindItScene) -> Double {
        guard let run = try? FindItGameModule().makeRun(of: scene, options: RunOptions(width: 720, height: 1280)) else { return 0 }
        let frames = run.frameCount
        let elapsed = ContinuousClock().measure {
            for frame in 0..<frames {
                run.advance(toFrame: frame)
                _ = run.drainTrace()
                _ = try? run.drawFrame()
            }
        }
        return Double(frames) / BenchmarkTiming.seconds(elapsed)
    }

    /// Seconds to save 10 items of 10 photos (real PNGs' bytes) and to reopen the profile
    /// and read the catalogue back, and the items read.
    static func catalogueTimes(photos: [FindItPhoto]) -> (Double, Double, Int) {
        guard !photos.isEmpty else { return (0, 0, 0) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("findit-bench-\(UUID().uuidString).profile").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let items = (0..<10).map { index in
            FindItItem(id: "item\(index)", name: "물건 \(index)", hint: "힌트 \(index)", difficulty: 1 + index % 5,
                       photos: (0..<10).map { photos[($0 + index) % photos.count] }, createdAt: Double(index))
        }
        let clock = ContinuousClock()
        var read = 0
        let save = clock.measure {
            guard let store = try? ProfileStore(path: path, tables: FindItCatalogueTables.tables) else { return }
            try? store.save(FindItCatalogueTables.values(of: items), game: "findit")
            store.close()
        }
        let reopen = clock.measure {
            guard let store = try? ProfileStore(path: path, tables: FindItCatalogueTables.tables),
                  let values = try? store.load(game: "findit") else { return }
            read = FindItCatalogueTables.items(in: values).filter { $0.photos.count == 10 }.count
            store.close()
        }
        return (BenchmarkTiming.seconds(save), BenchmarkTiming.seconds(reopen), read)
    }
}
