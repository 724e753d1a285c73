import Catalogue
import Foundation
import GameKit
import Golden
import Output

/// How cost grows: each figure at 1× and at the larger size, and its
/// ratio to linear (the growth divided by the size's growth: 1 is linear, under 1 better).
/// Characters 5 → 50 (draw time a frame), canvas 720p → 1080p → 4K (draw time and the whole
/// MP4 render), particles 10k → 100k (a step), scene length 10 s → 10 min (peak memory of
/// the render, which must stay flat) and the golden suite ×1 → ×10 (`check` in process, and
/// the release tool's `check --only frames` as one process against 2 `--shard`s at once).
/// `--skip-long` leaves out the 10-minute render.
enum GrowthBenchmark {
    static func run() -> BenchReport {
        var report = BenchReport()
        if !arguments.contains("--skip-long") { length(into: &report) }
        characters(into: &report)
        canvas(into: &report)
        particles(into: &report)
        goldenSuite(into: &report)
        return report
    }

    private static func linear(_ small: Double, _ large: Double, size: Double) -> Double {
        small > 0 ? (large / small) / size : -1
    }

    // MARK: characters

    /// The default room at 720p with `count` princesses dancing, their draw time a frame in ms.
    static func charactersScene(_ count: Int) -> String {
        let kinds = ["sparkle", "luna", "rosie", "crystal", "willow"]
        let characters = (0..<count).map { index in
            "  - {id: p\(index), kind: \(kinds[index % kinds.count]), position: [\(70 + (index % 10) * 120), \(480 + (index / 10) * 50)]}"
        }
        return """
        version: 1
        canvas: {width: 1280, height: 720, frame_rate: 30}
        seed: 5
        duration: 4
        limits: {max_characters: 50}
        characters:
        \(characters.joined(separator: "\n"))
        timeline:
          - {time: 0.2, action: {kind: dance}}
          - {time: 2.2, action: {kind: twirl}}

        """
    }

    private static func characters(into report: inout BenchReport) {
        var times: [Int: Double] = [:]
        for count in [5, 50] {
            do {
                let opened = try Catalogue.games.parse(charactersScene(count), fileName: "growth-\(count).yaml")
                times[count] = drawMilliseconds { try opened.makeRun() }
            } catch {
                printError("growth: the scene of \(count) characters cannot run: \(error)")
            }
        }
        let small = times[5] ?? -1, large = times[50] ?? -1
        report.add("growth_characters_5_draw_ms", small, decimals: 3)
        report.add("growth_characters_50_draw_ms", large, decimals: 3)
        report.add("growth_characters_vs_linear", linear(small, large, size: 10), decimals: 3)
    }

    /// Milliseconds a frame to simulate and draw every frame of a run, the best of three.
    private static func drawMilliseconds(frames limit: Int = 120, _ makeRun: () throws -> any GameRun) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            guard let run = try? makeRun() else { return -1 }
            let frames = min(limit, run.frameCount)
            let elapsed = ContinuousClock().measure {
                for frame in 0..<frames {
                    run.advance(toFrame: frame)
                    _ = run.drainTrace()
                    _ = try? run.drawFrame()
                }
            }
            best = min(best, seconds(elapsed) * 1000 / Double(frames))
        }
        return best
    }

    // MARK: canvas

    private static func canvas(into report: inout BenchReport) {
        let sizes = [("720p", 1280, 720), ("1080p", 1920, 1080), ("4k", 3840, 2160)]
        var draw: [String: Double] = [:], render: [String: Double] = [:]
        for (name, width, height) in sizes {
            draw[name] = drawMilliseconds { BenchScene.run(width: width, height: height) }
            render[name] = mp4Milliseconds(width: width, height: height)
            report.add("growth_canvas_\(name)_draw_ms", draw[name] ?? -1, decimals: 3)
            report.add("growth_canvas_\(name)_mp4_ms", render[name] ?? -1, decimals: 3)
        }
        for (name, width, height) in sizes.dropFirst() {
            let size = Double(width * height) / Double(1280 * 720)
            report.add("growth_canvas_\(name)_draw_vs_linear", linear(draw["720p"] ?? -1, draw[name] ?? -1, size: size), decimals: 3)
            report.add("growth_canvas_\(name)_mp4_vs_linear", linear(render["720p"] ?? -1, render[name] ?? -1, size: size), decimals: 3)
        }
    }

    /// Wall milliseconds a frame of the whole render of the default scene's first 4 s to MP4
    /// (drawing, conversion and ffmpeg together).
    private static func mp4Milliseconds(width: Int, height: Int) -> Double {
        let folder = NSTemporaryDirectory() + "aria-bench-growth-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = BenchScene.run(width: width, height: height, seconds: 4)
        do {
            let sink = try FFmpegVideoSink(path: folder + "/growth.mp4", format: .mp4, width: width, height: height,
                                           framesPerSecond: run.clock.framesPerSecond)
            let elapsed = try ContinuousClock().measure {
                _ = try RenderLoop.run(frames: 0..<run.frameCount, sink: sink) { frame in
                    run.advance(toFrame: frame)
                    _ = run.drainTrace()
                    return try run.drawFrame()
                }
            }
            return seconds(elapsed) * 1000 / Double(run.frameCount)
        } catch {
            printError("growth: the \(width)x\(height) MP4 failed: \(error)")
            return -1
        }
    }

    // MARK: particles and length

    private static func particles(into report: inout BenchReport) {
        let small = EffectsBenchmark.steadyStep(target: 10_000), large = EffectsBenchmark.steadyStep(target: 100_000)
        report.add("growth_particles_10k_step_us", small.microseconds)
        report.add("growth_particles_100k_step_us", large.microseconds)
        report.add("growth_particles_vs_linear", linear(small.microseconds / Double(small.live), large.microseconds / Double(large.live), size: 1) , decimals: 3)
    }

    private static func length(into report: inout BenchReport) {
        let short = RenderBenchmark.childPeakRSS(seconds: 10), long = RenderBenchmark.childPeakRSS(seconds: 600)
        report.add("growth_length_10s_peak_mib", Double(short) / 1024, decimals: 1)
        report.add("growth_length_10min_peak_mib", Double(long) / 1024, decimals: 1)
        report.add("growth_length_peak_ratio", short > 0 ? Double(long) / Double(short) : -1, decimals: 3)
    }

    // MARK: the golden suite

    /// `check` of Golden/ and of ten copies of it (every scene ten times over, each copy's
    /// golden files linked to the original's), in process; then the ten copies' frames by the
    /// release `aria-render` as one process, and as `--shard 0/2` and `1/2` at once.
    private static func goldenSuite(into report: inout BenchReport) {
        guard let manifest = try? GoldenManifestReader.read(folder: "Golden", games: Catalogue.games) else {
            printError("growth: no Golden/manifest.yaml here; run from the repository root for the golden suite figures")
            return
        }
        let folder = FileManager.default.currentDirectoryPath + "/out/aria-bench-golden-x10"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            try? FileManager.default.removeItem(atPath: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            var lines = ["version: 1", "scenes:"]
            for copy in 0..<10 {
                for scene in manifest.scenes {
                    let name = "\(scene.name.replacingOccurrences(of: "/", with: "-"))-\(copy)"
                    try FileManager.default.createSymbolicLink(atPath: folder + "/" + name,
                                                               withDestinationPath: FileManager.default.currentDirectoryPath + "/Golden/" + scene.name)
                    let path = manifest.scenePath(scene)
                    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
                    lines.append("  - {name: \(name), scene: \"\(absolute)\", size: \(scene.width)x\(scene.height), "
                        + "frames: [\(scene.frames.map(String.init).joined(separator: ", "))], "
                        + "tolerance: {threshold: \(scene.tolerance.threshold), max_different_pixels: \(scene.tolerance.maxDifferentPixels)}}")
                }
            }
            try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/manifest.yaml", atomically: true, encoding: .utf8)
            let tenfold = try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
            let once = checkSeconds(manifest), ten = checkSeconds(tenfold)
            report.add("growth_golden_frames", Double(once.frames), decimals: 0)
            report.add("growth_golden_x10_frames", Double(ten.frames), decimals: 0)
            report.add("growth_golden_check_s", once.seconds, decimals: 3)
            report.add("growth_golden_x10_check_s", ten.seconds, decimals: 3)
            report.add("growth_golden_check_vs_linear", linear(once.seconds, ten.seconds, size: 10), decimals: 3)
            let whole = toolCheckSeconds(folder: folder, shards: 1), sharded = toolCheckSeconds(folder: folder, shards: 2)
            report.add("growth_golden_x10_check_1_process_s", whole, decimals: 3)
            report.add("growth_golden_x10_check_2_shards_s", sharded, decimals: 3)
            report.add("growth_golden_x10_shard_speedup", sharded > 0 && whole > 0 ? whole / sharded : -1, decimals: 3)
        } catch {
            printError("growth: the tenfold golden folder could not be made: \(error)")
        }
    }

    private static func checkSeconds(_ manifest: GoldenManifest) -> (seconds: Double, frames: Int) {
        let checker = GoldenChecker(manifest: manifest, source: SimulatedGoldenSource(games: Catalogue.games), reportFolder: nil)
        var frames = 0
        let elapsed = ContinuousClock().measure {
            for scene in manifest.scenes { frames += (try? checker.check(scene))?.frames.count ?? 0 }
        }
        return (seconds(elapsed), frames)
    }

    /// `folder`'s check of the frames as `shards` processes of the release tool at once (one:
    /// no `--shard`), wall seconds; -1 without the tool.
    private static func toolCheckSeconds(folder: String, shards count: Int) -> Double {
        let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("aria-render").path
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            printError("growth: \(tool) is not built; `swift build -c release --product aria-render` for the sharded figure")
            return -1
        }
        let started = ContinuousClock.now
        let shards = (0..<count).compactMap { index -> Process? in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = ["check", "--golden", folder, "--only", "frames", "--report", "\(folder)/report-\(index)"]
                + (count > 1 ? ["--shard", "\(index)/\(count)"] : [])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return (try? process.run()) == nil ? nil : process
        }
        for process in shards { process.waitUntilExit() }
        guard shards.count == count, shards.allSatisfy({ $0.terminationStatus == 0 }) else {
            printError("growth: a process of the tenfold check failed")
            return -1
        }
        return seconds(ContinuousClock.now - started)
    }
}
