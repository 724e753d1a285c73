import Foundation
import GameKit
import Output

/// `mp4_vs_encoder`: the whole render of the default scene to MP4 at 720p (no sound) against
/// ffmpeg alone encoding the same frames with the same settings, in ten alternating pairs in
/// this run; the figure is the median of the pairs' ratios, so that a busy moment of the
/// machine weighs on both sides of a pair alike. The encoder is the floor: the ratio says
/// what drawing and conversion add. Beside it, the renderer's own CPU per frame: simulating,
/// drawing and converting to yuv420p into a sink that discards the frames (`/dev/null`), and
/// this process's CPU during the MP4 render (the same plus the pipe's writes). And what a user
/// waits for: the whole `aria-render render --no-sound` process beside this program, from its
/// start to its exit, against the same encoder alone (`process_vs_encoder`).
enum EncoderFloorBenchmark {
    struct Figures {
        /// Medians over the pairs, and the least and greatest ratio.
        var ratio = -1.0, ratioLow = -1.0, ratioHigh = -1.0
        var render = -1.0, encoder = -1.0, cpuRatio = -1.0
        /// The renderer's CPU milliseconds per frame into a null sink (median, least, greatest).
        var rendererMs = -1.0, rendererMsLow = -1.0, rendererMsHigh = -1.0
        /// This process's CPU milliseconds per frame during the MP4 render (median).
        var renderOwnMs = -1.0
        /// The whole `aria-render` process against the encoder alone (median, least, greatest),
        /// and its seconds (median); -1 without an aria-render beside this program.
        var processRatio = -1.0, processRatioLow = -1.0, processRatioHigh = -1.0, process = -1.0
    }

    static let pairs = 10

    static func run() -> Figures {
        let folder = NSTemporaryDirectory() + "aria-bench-floor-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let width = 1280, height = 720
        // The frames exactly as the render hands them to ffmpeg, on disk (in the page cache).
        let raw = folder + "/frames.yuv"
        let fps: Int, frames: Int
        do {
            let simulation = BenchScene.run(width: width, height: height)
            fps = simulation.clock.framesPerSecond
            frames = simulation.frameCount
            try render(simulation, into: RawVideoFileSink(path: raw, width: width, height: height))
        } catch {
            printError("render: cannot write the raw frames: \(error)")
            return Figures()
        }
        let encoderArguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "yuv420p",
                                "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", raw]
            + VideoFormat.mp4.settings(hasAudio: false, oddSize: false) + [folder + "/alone.mp4"]
        var ratios: [Double] = [], renders: [Double] = [], encoders: [Double] = [], cpuRatios: [Double] = []
        var rendererMs: [Double] = [], renderOwnMs: [Double] = [], processes: [Double] = [], processRatios: [Double] = []
        let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("aria-render").path
        let hasTool = FileManager.default.isExecutableFile(atPath: tool)
        if !hasTool { printError("render: no aria-render beside aria-bench, so no process_vs_encoder (swift build -c release --product aria-render)") }
        let clock = ContinuousClock()
        for _ in 0..<pairs {
            // The renderer alone: every frame drawn and converted, then thrown away.
            let beforeNull = cpuSeconds()
            do {
                try render(BenchScene.run(width: width, height: height),
                           into: RawVideoFileSink(path: "/dev/null", width: width, height: height))
            } catch {
                printError("render: the null sink failed: \(error)")
                return Figures()
            }
            rendererMs.append((cpuSeconds().own - beforeNull.own) * 1000 / Double(frames))

            let beforeEncoder = cpuSeconds()
            let encoder = clock.measure {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["ffmpeg"] + encoderArguments
                try? process.run()
                process.waitUntilExit()
            }
            let beforeRender = cpuSeconds()
            let encoderCPU = beforeRender.children - beforeEncoder.children
            var failed = false
            let elapsed = clock.measure {
                do {
                    let simulation = BenchScene.run(width: width, height: height)
                    try render(simulation, into: FFmpegVideoSink(path: folder + "/render.mp4", format: .mp4, width: width,
                                                                 height: height, framesPerSecond: fps))
                } catch {
                    printError("render: \(error)")
                    failed = true
                }
            }
            if failed { return Figures() }
            let after = cpuSeconds()
            if hasTool {
                // What a user runs: the built-in scene at 720p, no sound, to an MP4, with the
                // scene's review and the progress a terminal would show.
                var status: Int32 = -1
                let whole = clock.measure {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: tool)
                    process.arguments = ["render", "--size", "\(width)x\(height)", "--no-sound", "-o", folder + "/process.mp4"]
                    process.standardError = FileHandle.nullDevice
                    // A process that did not start has no status to read.
                    guard (try? process.run()) != nil else { return }
                    process.waitUntilExit()
                    status = process.terminationStatus
                }
                if status != 0 {
                    printError("render: aria-render render exited with \(status)")
                    return Figures()
                }
                processes.append(seconds(whole))
                processRatios.append(seconds(whole) / seconds(encoder))
            }
            let renderCPU = after.own - beforeRender.own + after.children - beforeRender.children
            renderOwnMs.append((after.own - beforeRender.own) * 1000 / Double(frames))
            renders.append(seconds(elapsed))
            encoders.append(seconds(encoder))
            ratios.append(seconds(elapsed) / seconds(encoder))
            cpuRatios.append(renderCPU / encoderCPU)
        }
        var figures = Figures()
        figures.ratio = median(ratios)
        figures.ratioLow = ratios.min() ?? -1
        figures.ratioHigh = ratios.max() ?? -1
        figures.render = median(renders)
        figures.encoder = median(encoders)
        figures.cpuRatio = median(cpuRatios)
        figures.rendererMs = median(rendererMs)
        figures.rendererMsLow = rendererMs.min() ?? -1
        figures.rendererMsHigh = rendererMs.max() ?? -1
        figures.renderOwnMs = median(renderOwnMs)
        if hasTool {
            figures.processRatio = median(processRatios)
            figures.processRatioLow = processRatios.min() ?? -1
            figures.processRatioHigh = processRatios.max() ?? -1
            figures.process = median(processes)
        }
        printError(String(format: "render: 720p default scene to MP4, medians of %d pairs: %.2f s, ffmpeg alone on the same "
                          + "frames %.2f s; ratios %@; renderer alone %@ ms a frame; load average %.1f", pairs,
                          figures.render, figures.encoder,
                          ratios.map { String(format: "%.3f", $0) }.joined(separator: " "),
                          rendererMs.map { String(format: "%.2f", $0) }.joined(separator: " "), loadAverage()))
        if hasTool {
            printError(String(format: "render: the whole aria-render process %.2f s; ratios to ffmpeg alone %@", figures.process,
                              processRatios.map { String(format: "%.3f", $0) }.joined(separator: " ")))
        }
        return figures
    }

    private static func render(_ simulation: any GameRun, into sink: FrameSink) throws {
        _ = try RenderLoop.run(frames: 0..<simulation.frameCount, sink: sink) { frame in
            simulation.advance(toFrame: frame)
            _ = simulation.drainTrace()
            return try simulation.drawFrame()
        }
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return -1 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
