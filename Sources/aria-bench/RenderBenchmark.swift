import Foundation
import GameKit
import Output
#if canImport(Glibc)
import Glibc
#endif

/// The render figures: drawing speed of the built-in scene at 720p and 1080p (one
/// thread, into memory), whole renders to MP4 and to PNGs at 720p, and how peak memory of a
/// 60-second render compares with a 5-second one (each measured in a child process).
enum RenderBenchmark {
    static func run() -> BenchReport {
        // `aria-bench render --rss-child SECONDS`: the child half of the memory figure.
        if arguments.count >= 3, arguments[1] == "--rss-child", let seconds = Double(arguments[2]) {
            return rssChild(seconds: seconds)
        }
        var report = BenchReport()
        // `aria-bench render --encoder-only`: just `mp4_vs_encoder`, for quick iterations.
        if arguments.contains("--encoder-only") {
            addEncoderFloor(to: &report)
            return report
        }
        report.add("draw_fps_720p", drawFPS(width: 1280, height: 720), decimals: 1)
        report.add("draw_fps_1080p", drawFPS(width: 1920, height: 1080), decimals: 1)
        // `aria-bench render --draw-only`: just the drawing figures, for quick iterations.
        if arguments.contains("--draw-only") { return report }
        report.add("mp4_fps_720p", sinkFPS(name: "default.mp4") { path, simulation in
            try FFmpegVideoSink(path: path, format: .mp4, width: 1280, height: 720,
                                framesPerSecond: simulation.clock.framesPerSecond)
        }, decimals: 1)
        addEncoderFloor(to: &report)
        report.add("png_fps_720p", sinkFPS(name: "frames") { path, _ in try PNGSequenceSink(folder: path) }, decimals: 1)
        let short = childPeakRSS(seconds: 5), long = childPeakRSS(seconds: 60)
        printError("render: peak RSS \(short) KiB for 5 s, \(long) KiB for 60 s")
        report.add("peak_rss_ratio", short > 0 ? Double(long) / Double(short) : -1, decimals: 3)
        return report
    }

    private static func addEncoderFloor(to report: inout BenchReport) {
        let floor = EncoderFloorBenchmark.run()
        report.add("mp4_vs_encoder", floor.ratio, decimals: 3)
        report.add("mp4_vs_encoder_min", floor.ratioLow, decimals: 3)
        report.add("mp4_vs_encoder_max", floor.ratioHigh, decimals: 3)
        report.add("mp4_render_s", floor.render, decimals: 3)
        report.add("mp4_encoder_alone_s", floor.encoder, decimals: 3)
        report.add("mp4_vs_encoder_cpu", floor.cpuRatio, decimals: 3)
        report.add("renderer_cpu_ms_720p", floor.rendererMs, decimals: 3)
        report.add("renderer_cpu_ms_720p_min", floor.rendererMsLow, decimals: 3)
        report.add("renderer_cpu_ms_720p_max", floor.rendererMsHigh, decimals: 3)
        report.add("mp4_render_own_cpu_ms_720p", floor.renderOwnMs, decimals: 3)
        report.add("process_vs_encoder", floor.processRatio, decimals: 3)
        report.add("process_vs_encoder_min", floor.processRatioLow, decimals: 3)
        report.add("process_vs_encoder_max", floor.processRatioHigh, decimals: 3)
        report.add("process_render_s", floor.process, decimals: 3)
    }

    /// Simulate and draw every frame of the default scene, the best of `runs` runs.
    static func drawFPS(width: Int, height: Int, runs: Int = 3) -> Double {
        var best = 0.0
        var particles = 0, frames = 0
        for _ in 0..<runs {
            let run = BenchScene.run(width: width, height: height)
            frames = run.frameCount
            particles = 0
            let elapsed = ContinuousClock().measure {
                for frame in 0..<frames {
                    run.advance(toFrame: frame)
                    _ = run.drainTrace()
                    particles = max(particles, run.movingParts)
                    _ = try? run.drawFrame()
                }
            }
            best = max(best, Double(frames) / seconds(elapsed))
        }
        printError("render: \(width)x\(height) default scene, \(frames) frames, up to \(particles) particles")
        return best
    }

    /// A whole render of the default scene at 720p into a sink, frames per wall second.
    private static func sinkFPS(name: String, _ makeSink: (String, any GameRun) throws -> FrameSink) -> Double {
        let folder = NSTemporaryDirectory() + "aria-bench-render-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let simulation = BenchScene.run(width: 1280, height: 720)
        let clock = ContinuousClock()
        var failure: Error?
        let elapsed = clock.measure {
            do {
                let sink = try makeSink(folder + "/" + name, simulation)
                _ = try RenderLoop.run(frames: 0..<simulation.frameCount, sink: sink) { frame in
                    simulation.advance(toFrame: frame)
                    _ = simulation.drainTrace()
                    return try simulation.drawFrame()
                }
            } catch {
                failure = error
            }
        }
        if let failure {
            printError("render: \(name) failed: \(failure)")
            return -1
        }
        return Double(simulation.frameCount) / seconds(elapsed)
    }

    /// Runs this program again to render `seconds` of the default scene to MP4 and report its
    /// peak resident memory in KiB.
    static func childPeakRSS(seconds: Double) -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["render", "--rss-child", String(seconds)]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return -1 }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The child prints its BenchReport: one JSON object of numbers (no space after a colon).
        let figures = (try? JSONDecoder().decode([String: Double].self, from: Data(output.utf8))) ?? [:]
        return figures["peak_rss_kib"].map { Int($0) } ?? -1
    }

    private static func rssChild(seconds: Double) -> BenchReport {
        let folder = NSTemporaryDirectory() + "aria-bench-rss-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let simulation = BenchScene.run(width: 1280, height: 720, seconds: seconds)
        var report = BenchReport()
        do {
            let sink = try FFmpegVideoSink(path: folder + "/long.mp4", format: .mp4, width: 1280, height: 720,
                                           framesPerSecond: simulation.clock.framesPerSecond)
            _ = try RenderLoop.run(frames: 0..<simulation.frameCount, sink: sink) { frame in
                simulation.advance(toFrame: frame)
                _ = simulation.drainTrace()
                return try simulation.drawFrame()
            }
        } catch {
            printError("render: the \(seconds) s render failed: \(error)")
            return report
        }
        report.add("peak_rss_kib", Double(peakResidentKiB()), decimals: 0)
        return report
    }

    /// This process's own peak resident memory in KiB: /proc's VmHWM, which starts afresh at
    /// exec. (`getrusage`'s ru_maxrss keeps the parent's peak across fork and exec, so a child
    /// started late by a large parent would report the parent's.)
    static func peakResidentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return usage.ru_maxrss
        }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
}
