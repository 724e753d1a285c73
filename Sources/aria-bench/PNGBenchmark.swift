import Foundation
import GameKit
import Output

/// The PNG figures: the whole render of the default scene at 720p to a PNG sequence
/// with ISA-L (today's encoder) and with libdeflate (the encoder before it), and the scene's
/// drawing alone (one thread, into memory), runs alternated side by side in one process so
/// that all see the same machine; and the encoder alone, per frame on one thread, with the
/// files' sizes.
enum PNGBenchmark {
    static func run() -> BenchReport {
        let runs = arguments.count >= 3 && arguments[1] == "--runs" ? max(1, Int(arguments[2]) ?? 10) : 10
        var report = BenchReport()
        var fps: [PNGEncoder.Compressor: [Double]] = [:], drawing: [Double] = []
        for _ in 0..<runs {
            drawing.append(RenderBenchmark.drawFPS(width: 1280, height: 720, runs: 1))
            for compressor in PNGEncoder.Compressor.allCases {
                fps[compressor, default: []].append(sequenceFPS(compressor))
            }
        }
        let now = median(fps[.isal] ?? []), before = median(fps[.libdeflate] ?? []), draw = median(drawing)
        printError("png: \(runs) alternated runs each; ISA-L \(fps[.isal] ?? []), libdeflate \(fps[.libdeflate] ?? []), drawing alone \(drawing)")
        report.add("png_fps_720p", now, decimals: 1)
        report.add("png_fps_720p_libdeflate", before, decimals: 1)
        report.add("png_fps_vs_libdeflate", before > 0 ? now / before : -1, decimals: 3)
        report.add("draw_fps_720p", draw, decimals: 1)
        // The PNG sequence's rate as a share of the drawing's: what the encoder leaves of it.
        report.add("png_vs_draw", draw > 0 ? now / draw : -1, decimals: 3)
        report.add("png_runs", Double(runs), decimals: 0)
        for compressor in PNGEncoder.Compressor.allCases {
            let (milliseconds, bytes) = encodeAlone(compressor)
            report.add("png_encode_ms_720p_\(compressor.rawValue)", milliseconds, decimals: 2)
            report.add("png_kib_720p_\(compressor.rawValue)", Double(bytes) / 1024, decimals: 1)
        }
        return report
    }

    /// A whole render to a folder of PNGs, frames per wall second.
    private static func sequenceFPS(_ compressor: PNGEncoder.Compressor) -> Double {
        let folder = NSTemporaryDirectory() + "aria-bench-png-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = BenchScene.run(width: 1280, height: 720)
        do {
            let sink = try PNGSequenceSink(folder: folder, compressor: compressor)
            let elapsed = try ContinuousClock().measure {
                _ = try RenderLoop.run(frames: 0..<run.frameCount, sink: sink) { frame in
                    run.advance(toFrame: frame)
                    _ = run.drainTrace()
                    return try run.drawFrame()
                }
            }
            return Double(run.frameCount) / seconds(elapsed)
        } catch {
            printError("png: \(compressor.rawValue) failed: \(error)")
            return -1
        }
    }

    /// Milliseconds to encode one 720p frame (the median over every 10th frame of the scene,
    /// one thread), and the mean file size in bytes.
    private static func encodeAlone(_ compressor: PNGEncoder.Compressor) -> (Double, Int) {
        let run = BenchScene.run(width: 1280, height: 720)
        let encoder = PNGEncoder(compressor: compressor)
        var times: [Double] = [], bytes = 0
        for frame in stride(from: 0, to: run.frameCount, by: 10) {
            run.advance(toFrame: frame)
            _ = run.drainTrace()
            guard let pixels = try? run.drawFrame() else { return (-1, 0) }
            var size = 0
            let elapsed = ContinuousClock().measure { size = (try? encoder.encode(pixels))?.count ?? 0 }
            times.append(seconds(elapsed) * 1000)
            bytes += size
        }
        return (median(times), bytes / max(1, times.count))
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? -1 : sorted[sorted.count / 2]
    }
}
