import Foundation
import GameKit
import Output

/// `mp4_vs_encoder`: the whole render of the default scene to MP4 at 720p (no sound) against
/// ffmpeg alone encoding the same frames with the same settings, both timed in this run, best
/// of three each. The encoder is the floor: the ratio says what drawing and conversion add.
enum EncoderFloorBenchmark {
    static func ratio() -> (ratio: Double, render: Double, encoder: Double, cpuRatio: Double) {
        let folder = NSTemporaryDirectory() + "aria-bench-floor-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let width = 1280, height = 720
        // The frames exactly as the render hands them to ffmpeg, on disk (in the page cache).
        let raw = folder + "/frames.yuv"
        let fps: Int
        do {
            let simulation = BenchScene.run(width: width, height: height)
            fps = simulation.clock.framesPerSecond
            let sink = try RawVideoFileSink(path: raw, width: width, height: height)
            _ = try RenderLoop.run(frames: 0..<simulation.frameCount, sink: sink) { frame in
                simulation.advance(toFrame: frame)
                _ = simulation.drainTrace()
                return try simulation.drawFrame()
            }
        } catch {
            printError("render: cannot write the raw frames: \(error)")
            return (-1, -1, -1, -1)
        }
        let encoderArguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "yuv420p",
                                "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", raw]
            + VideoFormat.mp4.settings(hasAudio: false, oddSize: false) + [folder + "/alone.mp4"]
        var bestRender = Double.infinity, bestEncoder = Double.infinity
        var renderCPU = Double.infinity, encoderCPU = Double.infinity
        let clock = ContinuousClock()
        for _ in 0..<3 {
            let beforeEncoder = cpuSeconds()
            let encoder = clock.measure {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["ffmpeg"] + encoderArguments
                try? process.run()
                process.waitUntilExit()
            }
            bestEncoder = min(bestEncoder, seconds(encoder))
            let beforeRender = cpuSeconds()
            encoderCPU = min(encoderCPU, beforeRender.children - beforeEncoder.children)
            var failed = false
            let render = clock.measure {
                do {
                    let simulation = BenchScene.run(width: width, height: height)
                    let sink = try FFmpegVideoSink(path: folder + "/render.mp4", format: .mp4, width: width, height: height,
                                                   framesPerSecond: fps)
                    _ = try RenderLoop.run(frames: 0..<simulation.frameCount, sink: sink) { frame in
                        simulation.advance(toFrame: frame)
                        _ = simulation.drainTrace()
                        return try simulation.drawFrame()
                    }
                } catch {
                    printError("render: \(error)")
                    failed = true
                }
            }
            if failed { return (-1, -1, -1, -1) }
            bestRender = min(bestRender, seconds(render))
            let after = cpuSeconds()
            renderCPU = min(renderCPU, after.own - beforeRender.own + after.children - beforeRender.children)
        }
        printError(String(format: "render: 720p default scene to MP4 %.2f s (%.2f CPU s), ffmpeg alone on the same frames %.2f s "
                          + "(%.2f CPU s); load average %.1f", bestRender, renderCPU, bestEncoder, encoderCPU, loadAverage()))
        return (bestRender / bestEncoder, bestRender, bestEncoder, renderCPU / encoderCPU)
    }
}
