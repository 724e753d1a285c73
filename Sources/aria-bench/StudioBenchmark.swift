import DevTools
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The studio's hot reload figure, end to end in a real browser: the default scene
/// at 720p served by `aria-studio` (beside this program), its page open in headless Chromium at
/// frame 150, then 50 edits of the scene file, each timed from just before the file is written
/// to the page having drawn the new version's frame on its canvas (the page's own Date.now(),
/// the same clock). `reload_p95_ms` is the figure, with a target of ≤ 200 ms. Then the edits
/// go on to 1,000 reloads, each painted, and the server's resident memory is read after every
/// one. One reading swings by a few MB with what is in flight at that moment (a frame's PNG, a
/// soundtrack of 1.9 MB, freed heap not yet given back), so the figures compare medians: of
/// reloads 91–100 and of 991–1,000 (`memory_ratio_1000_vs_100`: flat is about 1), and the
/// least-squares slope from the 100th to the 1,000th (`memory_mb_per_100_reloads`), which
/// says whether anything grows with each reload.
enum StudioBenchmark {
    static let edits = 50
    static let reloads = 1_000

    static func run() -> BenchReport {
        var report = BenchReport()
        do {
            let (latencies, readings) = try measure()
            let sorted = latencies.sorted()
            func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)] }
            printError(String(format: "studio: %d edits of the default scene at 1280x720, file written to frame painted: p50 %.0f ms, p95 %.0f ms, max %.0f ms",
                              sorted.count, percentile(0.5), percentile(0.95), sorted.last ?? 0))
            report.add("reload_edits", Double(sorted.count), decimals: 0)
            report.add("reload_p50_ms", percentile(0.5), decimals: 1)
            report.add("reload_p95_ms", percentile(0.95), decimals: 1)
            report.add("reload_max_ms", sorted.last ?? 0, decimals: 1)
            func median(_ range: ClosedRange<Int>) -> Double { let part = readings[(range.lowerBound - 1)..<range.upperBound].sorted(); return part[part.count / 2] }
            let at100 = median(91...100), atEnd = median((reloads - 9)...reloads)
            // Least squares over reloads 100…1,000: MB per reload, times 100.
            let points = (100...reloads).map { (Double($0), readings[$0 - 1]) }
            let meanX = points.map(\.0).reduce(0, +) / Double(points.count), meanY = points.map(\.1).reduce(0, +) / Double(points.count)
            let slope = points.map { ($0.0 - meanX) * ($0.1 - meanY) }.reduce(0, +) / points.map { ($0.0 - meanX) * ($0.0 - meanX) }.reduce(0, +)
            let later = readings[99...]
            printError(String(format: "studio: resident memory (median of 10 reloads) after 100 reloads %.1f MB, after %d %.1f MB; "
                              + "from the 100th on %.1f to %.1f MB, %+.2f MB per 100 reloads", at100, reloads, atEnd,
                              later.min() ?? 0, later.max() ?? 0, slope * 100))
            printError("studio: resident memory by hundred reloads (medians of the last 10, MB): "
                       + stride(from: 100, through: reloads, by: 100).map { String(format: "%.1f", median(($0 - 9)...$0)) }.joined(separator: " "))
            report.add("memory_mb_after_100", at100, decimals: 1)
            report.add("memory_mb_after_1000", atEnd, decimals: 1)
            report.add("memory_ratio_1000_vs_100", atEnd / at100, decimals: 3)
            report.add("memory_mb_per_100_reloads", slope * 100, decimals: 3)
            report.add("memory_mb_min_after_100", later.min() ?? 0, decimals: 1)
            report.add("memory_mb_max_after_100", later.max() ?? 0, decimals: 1)
        } catch {
            printError("studio: \(error)")
            report.add("reload_p95_ms", -1)
        }
        report.add("load_average", loadAverage(), decimals: 1)
        return report
    }

    private static func measure() throws -> (latencies: [Double], readings: [Double]) {
        let program = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("aria-studio").path
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw DevToolsError("\(program) is missing; build it with `swift build -c release --product aria-studio`")
        }
        let folder = NSTemporaryDirectory() + "aria-bench-studio-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = folder + "/default.yaml", printed = folder + "/studio.out"
        let original = BenchScene.text
        try original.write(toFile: scene, atomically: true, encoding: .utf8)

        let studio = Process()
        studio.executableURL = URL(fileURLWithPath: program)
        studio.arguments = [scene, "--port", "0", "--preview", "1280x720"]
        _ = FileManager.default.createFile(atPath: printed, contents: nil)
        studio.standardOutput = FileHandle(forWritingAtPath: printed)
        try studio.run()
        defer {
            studio.terminate()
            studio.waitUntilExit()
        }
        var address: String?
        for _ in 0..<600 where address == nil {
            usleep(50_000)
            let text = (try? String(contentsOfFile: printed, encoding: .utf8)) ?? ""
            address = text.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init)
        }
        guard let address else { throw DevToolsError("aria-studio printed no address") }

        let browser = try HeadlessChromium()
        defer { browser.stop() }
        let page = try browser.open(address + "#frame=150")
        try page.wait(for: "window.studio && studio.painted.frame === 150", "frame 150", timeout: 60)
        var latencies: [Double] = [], readings: [Double] = []
        for edit in 1...reloads {
            let generation = try page.evaluate("studio.painted.generation") as? Int ?? 0
            // Luna stands somewhere else each time: a change the frame shows.
            let text = original.replacingOccurrences(of: "position: [470, 490]", with: "position: [\(300 + edit % 50 * 7), 490]")
            let written = Date().timeIntervalSince1970 * 1000
            try Data(text.utf8).write(to: URL(fileURLWithPath: scene))
            let painted = try page.wait(for: "studio.painted.generation > \(generation) && studio.painted.frame === 150 ? studio.painted.at : 0",
                                        "edit \(edit) painted", timeout: 30, interval: 0.005)
            if edit <= edits { latencies.append(((painted as? NSNumber)?.doubleValue ?? .nan) - written) }
            readings.append(residentMegabytes(of: studio.processIdentifier))
        }
        return (latencies, readings)
    }

    /// The resident memory of process `pid` (VmRSS), in MB.
    private static func residentMegabytes(of pid: Int32) -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan) / 1024
    }
}
