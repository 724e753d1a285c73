import Foundation
import GameKit
import Output
#if canImport(Glibc)
import Glibc
#endif

/// The GIF figure of the GIF memory issue: peak memory of a 60-second GIF render of the
/// default scene against a 5-second one (640x360), palette pass and dithering pass both, as
/// `render -o x.gif` makes them. Each render runs in a child process of its own, and its
/// figure covers the whole tree: the child's own peak plus the largest peak of the ffmpeg
/// processes it started and waited for (`RUSAGE_CHILDREN`; Linux keeps the largest).
enum GIFBenchmark {
    static let width = 640, height = 360

    static func run() -> BenchReport {
        // `aria-bench gif --rss-child SECONDS`: the child half of the figure.
        if arguments.count >= 3, arguments[1] == "--rss-child", let seconds = Double(arguments[2]) {
            return rssChild(seconds: seconds)
        }
        var report = BenchReport()
        let short = childPeakRSS(seconds: 5), long = childPeakRSS(seconds: 60)
        printError("gif: peak RSS (this process + its largest ffmpeg) \(short.total) KiB for 5 s "
                   + "(\(short.own) + \(short.ffmpeg)), \(long.total) KiB for 60 s (\(long.own) + \(long.ffmpeg)), \(width)x\(height)")
        report.add("gif_peak_rss_kib_5s", Double(short.total), decimals: 0)
        report.add("gif_peak_rss_kib_60s", Double(long.total), decimals: 0)
        report.add("gif_peak_rss_ratio", short.total > 0 && long.total > 0 ? Double(long.total) / Double(short.total) : -1,
                   decimals: 3)
        return report
    }

    /// Runs this program again to render `seconds` of the default scene to a GIF; its peak
    /// resident memory in KiB, its own and its largest child's.
    private static func childPeakRSS(seconds: Double) -> (own: Int, ffmpeg: Int, total: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["gif", "--rss-child", String(seconds)]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return (-1, -1, -1) }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The child prints its BenchReport: one JSON object of numbers.
        let figures = (try? JSONDecoder().decode([String: Double].self, from: Data(output.utf8))) ?? [:]
        func figure(_ key: String) -> Int { figures[key].map { Int($0) } ?? -1 }
        let own = figure("own_peak_rss_kib"), ffmpeg = figure("ffmpeg_peak_rss_kib")
        return (own, ffmpeg, own < 0 || ffmpeg < 0 ? -1 : own + ffmpeg)
    }

    private static func rssChild(seconds: Double) -> BenchReport {
        let folder = NSTemporaryDirectory() + "aria-bench-gif-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let simulation = BenchScene.run(width: width, height: height, seconds: seconds)
        let sampler = BenchScene.run(width: width, height: height, seconds: seconds)
        let frames = 0..<simulation.frameCount
        let path = folder + "/long.gif"
        var report = BenchReport()
        var palette: String?
        defer { if let palette { GIFPalette.remove(palette) } }
        do {
            palette = try GIFPalette.make(for: path, width: width, height: height,
                                          framesPerSecond: simulation.clock.framesPerSecond,
                                          frames: GIFPalette.sampleFrames(of: frames), pixels: { frame in
                sampler.advance(toFrame: frame)
                _ = sampler.drainTrace()
                return try sampler.drawFrame()
            })
            let sink = try FFmpegVideoSink(path: path, format: .gif, width: width, height: height,
                                           framesPerSecond: simulation.clock.framesPerSecond, palette: palette)
            _ = try RenderLoop.run(frames: frames, sink: sink) { frame in
                simulation.advance(toFrame: frame)
                _ = simulation.drainTrace()
                return try simulation.drawFrame()
            }
        } catch {
            printError("gif: the \(seconds) s render failed: \(error)")
            return report
        }
        var own = rusage(), children = rusage()
        getrusage(RUSAGE_SELF.rawValue, &own)
        getrusage(RUSAGE_CHILDREN.rawValue, &children)
        report.add("own_peak_rss_kib", Double(own.ru_maxrss), decimals: 0)
        report.add("ffmpeg_peak_rss_kib", Double(children.ru_maxrss), decimals: 0)
        return report
    }
}
