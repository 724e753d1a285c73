import DevTools
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The studio's hot reload figure of issue 28, end to end in a real browser: the default scene
/// at 720p served by `aria-studio` (beside this program), its page open in headless Chromium at
/// frame 150, then 50 edits of the scene file, each timed from just before the file is written
/// to the page having drawn the new version's frame on its canvas (the page's own Date.now(),
/// the same clock). `reload_p95_ms` is the figure the issue sets at ≤ 200 ms. Then the edits
/// go on to 1,000 reloads, each painted, and the server's resident memory after the 1,000th
/// is compared with after the 100th (`memory_ratio_1000_vs_100`: flat is about 1).
enum StudioBenchmark {
    static let edits = 50
    static let reloads = 1_000

    static func run() -> BenchReport {
        var report = BenchReport()
        do {
            let (latencies, memory) = try measure()
            let sorted = latencies.sorted()
            func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)] }
            printError(String(format: "studio: %d edits of the default scene at 1280x720, file written to frame painted: p50 %.0f ms, p95 %.0f ms, max %.0f ms",
                              sorted.count, percentile(0.5), percentile(0.95), sorted.last ?? 0))
            report.add("reload_edits", Double(sorted.count), decimals: 0)
            report.add("reload_p50_ms", percentile(0.5), decimals: 1)
            report.add("reload_p95_ms", percentile(0.95), decimals: 1)
            report.add("reload_max_ms", sorted.last ?? 0, decimals: 1)
            printError(String(format: "studio: resident memory after 100 reloads %.1f MB, after %d %.1f MB", memory.at100, reloads, memory.atEnd))
            report.add("memory_mb_after_100", memory.at100, decimals: 1)
            report.add("memory_mb_after_1000", memory.atEnd, decimals: 1)
            report.add("memory_ratio_1000_vs_100", memory.atEnd / memory.at100, decimals: 3)
        } catch {
            printError("studio: \(error)")
            report.add("reload_p95_ms", -1)
        }
        report.add("load_average", loadAverage(), decimals: 1)
        return report
    }

    private static func measure() throws -> (latencies: [Double], memory: (at100: Double, atEnd: Double)) {
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
        FileManager.default.createFile(atPath: printed, contents: nil)
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
        var latencies: [Double] = [], at100 = 0.0
        for edit in 1...reloads {
            let generation = try page.evaluate("studio.painted.generation") as? Int ?? 0
            // Luna stands somewhere else each time: a change the frame shows.
            let text = original.replacingOccurrences(of: "position: [470, 490]", with: "position: [\(300 + edit % 50 * 7), 490]")
            let written = Date().timeIntervalSince1970 * 1000
            try Data(text.utf8).write(to: URL(fileURLWithPath: scene))
            let painted = try page.wait(for: "studio.painted.generation > \(generation) && studio.painted.frame === 150 ? studio.painted.at : 0",
                                        "edit \(edit) painted", timeout: 30, interval: 0.005)
            if edit <= edits { latencies.append(((painted as? NSNumber)?.doubleValue ?? .nan) - written) }
            if edit == 100 { at100 = residentMegabytes(of: studio.processIdentifier) }
        }
        return (latencies, (at100, residentMegabytes(of: studio.processIdentifier)))
    }

    /// The resident memory of process `pid` (VmRSS), in MB.
    private static func residentMegabytes(of pid: Int32) -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan) / 1024
    }
}
