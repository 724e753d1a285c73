import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A kiosk runs for days: memory and open files must stay flat. Three runs of the default
/// scene (its attract loop starting again every ten seconds) in windows on a private Xvfb:
/// a real run of 40 s (four passes) with sound and microphone on a private PulseAudio daemon, sampled
/// every second; and, meanwhile, five minutes and two hours at accelerated time (the hidden
/// --virtual-clock: time jumps instead of passing, every step still runs). Their peak
/// memories are compared.
@Suite(.serialized) struct DemoMemoryTests {
    @Test func longRunsKeepMemoryAndOpenFilesFlat() throws {
        let screen = try XvfbDisplay(width: 640, height: 360)
        let pulse = try PulseFixture(sink: "aria_demo_memory")
        let folder = demoTemporaryFolder("memory")
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let realSeconds = 40.0
        let real = try DemoTool.start(["--window", "640x360", "--duration", String(realSeconds), "--mic", pulse.sink + ".monitor",
                                       "--speaker", pulse.sink, "--trace", folder + "/real.jsonl"],
                                      environment: pulse.environment.merging(["DISPLAY": screen.display]) { $1 })

        // The real run is sampled once a second, after its first pass has warmed up.
        let sampler = UsageSampler(program: real, from: 18, to: realSeconds - 2)

        // The accelerated runs, one after the other, while the real one plays.
        func accelerated(_ seconds: Int) throws -> (peak: Double, log: String, took: Double) {
            let started = monotonicSeconds()
            let run = try DemoTool.start(["--virtual-clock", "--duration", String(seconds), "--window", "320x180", "--fps", "1",
                                          "--trace", folder + "/virtual-\(seconds).jsonl"],
                                         environment: ["DISPLAY": screen.display])
            let status = run.finish(timeout: 150)
            #expect(status == 0, "\(run.standardError)")
            let peak = try #require(DemoTool.reportedPeakMegabytes(in: run.standardError), "\(run.standardError)")
            return (peak, run.standardError, monotonicSeconds() - started)
        }
        let minutes = try accelerated(300)
        let hours = try accelerated(7_200)
        #expect(hours.log.contains("720 loops, 432000 steps"), "\(hours.log)")

        #expect(real.finish(timeout: realSeconds + 30) == 0, "\(real.standardError)")
        // Each run ends with as many open files as it started with (what it inherited varies
        // with what the test process had open when it started the run).
        for log in [minutes.log, hours.log, real.standardError] {
            let files = log.firstMatch(of: #/([0-9]+) open files \(([0-9]+) at start\)/#)
            #expect(files != nil && files?.output.1 == files?.output.2, "\(log)")
        }
        let samples = sampler.finish()
        let realPeak = try #require(DemoTool.reportedPeakMegabytes(in: real.standardError), "\(real.standardError)")
        try #require(samples.count >= 15, "too few samples of the real run")
        let first = samples[0]
        let growth = Double(samples.map(\.resident).max()! - first.resident) / 1_048_576
        print(String(format: "demo memory: real %.0f s peak %.1f MB (grew %.2f MB after 18 s); accelerated 5 min peak %.1f MB "
                     + "(%.1f s), 2 h peak %.1f MB (%.1f s)", realSeconds, realPeak, growth, minutes.peak, minutes.took,
                     hours.peak, hours.took))
        #expect(growth < 3, "the real run grew by \(growth) MB")
        #expect(Set(samples.map(\.openFiles)).count == 1, "open files changed: \(samples.map(\.openFiles))")
        // Two hours need no more memory than five minutes, nor more than the real run with its sound.
        #expect(hours.peak - minutes.peak < 2, "2 h peak \(hours.peak) MB, 5 min peak \(minutes.peak) MB")
        #expect(hours.peak <= realPeak + 1)
        #expect(DemoTraceFile.isComplete(folder + "/real.jsonl"))
    }
}

/// Samples a running program's memory and open files once a second on its own thread.
private final class UsageSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [(at: Double, resident: Int, openFiles: Int)] = []
    private let done = DispatchSemaphore(value: 0)

    /// Samples `program` from `after` seconds on, until it ends or `limit` seconds have passed
    /// (before it starts shutting down, when it closes its streams).
    init(program: Subprocess, from after: Double, to limit: Double) {
        let pid = program.pid
        let start = monotonicSeconds()
        Thread { [self] in
            // A sample each second until the program ends: the poll's condition is its end.
            waitUntil(every: 1, timeout: limit, stillPossible: { kill(pid, 0) == 0 }) {
                guard monotonicSeconds() - start > after else { return false }
                guard let usage = Self.usage(of: pid) else { return true }  // it has ended
                lock.lock()
                samples.append((monotonicSeconds() - start, usage.resident, usage.openFiles))
                lock.unlock()
                return false
            }
            done.signal()
        }.start()
    }

    /// Waits for the sampling to end; the samples, oldest first.
    func finish() -> [(at: Double, resident: Int, openFiles: Int)] {
        _ = done.wait(timeout: .now() + 30)
        lock.lock()
        defer { lock.unlock() }
        return samples
    }

    private static func usage(of pid: pid_t) -> (resident: Int, openFiles: Int)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              text.contains("State:\tS") || text.contains("State:\tR") else { return nil }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count ?? 0
        return (kilobytes * 1024, files)
    }
}
