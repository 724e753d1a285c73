import Foundation
import GameKit
import Output

/// The PNG figures: the whole render of the default scene at 720p to a PNG sequence
/// with libdeflate (today's encoder) and with zlib (the encoder before it), runs alternated
/// side by side in one process so that both see the same machine; and the encoder alone, per
/// frame on one thread, with the files' sizes.
enum PNGBenchmark {
    static func run() -> BenchReport {
        let runs = arguments.count >= 3 && arguments[1] == "--runs" ? max(1, Int(arguments[2]) ?? 5) : 5
        var report = BenchReport()
        var fps: [PNGEncoder.Compressor: [Double]] = [:]
        for _ in 0..<runs {
            for compressor in PNGEncoder.Compressor.allCases {
                fps[compressor, default: []].append(sequenceFPS(compressor))
            }
        }
        let now = median(fps[.libdeflate] ?? []), before = median(fps[.zlib] ?? [])
        printError("png: \(runs) alternated runs each; libdeflate \(fps[.libdeflate] ?? []), zlib \(fps[.zlib] ?? [])")
        report.add("png_fps_720p", now, decimals: 1)
        report.add("png_fps_720p_zlib", before, decimals: 1)
        report.add("png_fps_vs_zlib", before > 0 ? now / before : -1, decimals: 3)
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
