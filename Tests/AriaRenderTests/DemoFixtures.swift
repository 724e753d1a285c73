import Audio
import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What the demo's end-to-end tests need beyond TestSupport's runner, Xvfb and PulseAudio:
/// the demo started, its trace read, princesses found by colour, the microphone stream
/// recorded, a clap made.

/// A fresh temporary folder.
func demoTemporaryFolder(_ label: String) -> String {
    let path = NSTemporaryDirectory() + "aria-demo-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// `aria-render demo`, and what the demo tests read from it.
enum DemoTool {
    /// Starts `aria-render demo` with `arguments` and `environment`.
    static func start(_ arguments: [String], environment: [String: String]) throws -> Subprocess {
        try AriaRenderTool.start(["demo"] + arguments, environment: environment)
    }

    /// The CLOCK_MONOTONIC reading the demo calls wall 0, from its first log lines.
    static func wallOrigin(in log: String) -> Double? {
        guard let range = log.range(of: #"wall 0 = CLOCK_MONOTONIC [0-9.]+"#, options: .regularExpression) else { return nil }
        return Double(log[range].split(separator: " ").last ?? "")
    }

    /// The peak memory (MB) the demo reported in its last line.
    static func reportedPeakMegabytes(in log: String) -> Double? {
        guard let range = log.range(of: #"peak memory [0-9.]+ MB"#, options: .regularExpression) else { return nil }
        return Double(log[range].split(separator: " ")[2])
    }

    /// A scene with all five princesses standing in a row and nothing scripted, so that every
    /// sound is one the test caused: sparkle, luna, rosie, crystal, willow from left to right.
    static func writeFivePrincesses(to path: String, duration: Int = 600) throws {
        let characters = ["sparkle", "luna", "rosie", "crystal", "willow"].enumerated().map { index, name in
            "  - {id: \(name), kind: \(name), position: [\(180 + 235 * index), 600]}"
        }
        let text = """
        version: 1
        canvas: {width: 1280, height: 720, frame_rate: 30}
        simulation_rate: 60
        seed: 7
        duration: \(duration)
        background: bedroom
        characters:
        \(characters.joined(separator: "\n"))

        """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// The trace a demo wrote, one JSON object per line.
enum DemoTraceFile {
    static func events(_ path: String) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Whether every line of the file is a whole JSON object with a `wall`.
    static func isComplete(_ path: String) -> Bool {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        guard text.hasSuffix("\n") else { return false }
        return text.split(separator: "\n").allSatisfy {
            ((try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any])?["wall"] is Double
        }
    }
}

/// Finds the princesses in a picture by their theme colours. Their dresses are shaded, so a
/// pixel counts as hers when its hue is within 7° of her colour's, its saturation within 30 %
/// of hers, and it is not dark. The bedroom backdrop has none of these.
enum CharacterColours {
    static let themes: [(name: String, rgb: (Double, Double, Double))] = [
        ("sparkle", (1.0, 0.4, 0.8)), ("luna", (0.6, 0.4, 1.0)), ("rosie", (1.0, 0.2, 0.4)),
        ("crystal", (0.2, 0.8, 1.0)), ("willow", (0.2, 1.0, 0.6)),
    ]

    /// For each princess, the x of every pixel of her colour in `rgb` (`width` pixels a row).
    static func columns(in rgb: [UInt8], width: Int) -> [String: [Int]] {
        let targets = themes.map { (name: $0.name, hsv: hsv($0.rgb.0, $0.rgb.1, $0.rgb.2)) }
        var found: [String: [Int]] = [:]
        for pixel in 0..<(rgb.count / 3) {
            let (h, s, v) = hsv(Double(rgb[pixel * 3]) / 255, Double(rgb[pixel * 3 + 1]) / 255, Double(rgb[pixel * 3 + 2]) / 255)
            guard v > 0.25 else { continue }
            for target in targets {
                let dh = min(abs(h - target.hsv.h), 360 - abs(h - target.hsv.h))
                if dh < 7 && s > target.hsv.s * 0.7 && s < min(1, target.hsv.s * 1.3) + 0.01 {
                    found[target.name, default: []].append(pixel % width)
                }
            }
        }
        return found
    }

    private static func hsv(_ r: Double, _ g: Double, _ b: Double) -> (h: Double, s: Double, v: Double) {
        let high = max(r, g, b), low = min(r, g, b), d = high - low
        var h = 0.0
        if d > 1e-6 {
            if high == r { h = ((g - b) / d).truncatingRemainder(dividingBy: 6) } else if high == g { h = (b - r) / d + 2 } else { h = (r - g) / d + 4 }
            h *= 60
            if h < 0 { h += 360 }
        }
        return (h, high > 0 ? d / high : 0, high)
    }
}

/// Records the sink's monitor on a thread of the test, stamping each block with the
/// monotonic clock: when a sound reached the stream that the demo also listens to.
final class MonitorRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var onsets: [Double] = []
    private var samples = 0
    private let done = DispatchSemaphore(value: 0)

    /// Samples per second of the stream.
    let sampleRate: Int

    /// Starts recording `device` on `server`.
    init(server: String?, device: String) throws {
        let microphone = try PulseMicrophone(server: server, device: device)
        sampleRate = microphone.sampleRate
        let thread = Thread { [self] in record(microphone) }
        thread.start()
    }

    /// The clock readings at which each sound (after 150 ms of quiet) reached the stream.
    var soundOnsets: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return onsets
    }

    /// How many samples have reached the stream so far: they flow only while the server runs
    /// and the monitor's source is not in an idle block.
    var samplesHeard: Int {
        lock.lock()
        defer { lock.unlock() }
        return samples
    }

    /// Stops recording; stopping again does nothing.
    func stop() {
        lock.lock()
        let wasRunning = running
        running = false
        lock.unlock()
        if wasRunning { _ = done.wait(timeout: .now() + 3) }
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    private func record(_ microphone: PulseMicrophone) {
        var quietSamples = Int.max / 2
        let rate = Double(microphone.sampleRate)
        while isRunning {
            let block = (try? microphone.read()) ?? []
            let arrived = monotonicSeconds()
            lock.lock()
            samples += block.count
            lock.unlock()
            for (index, sample) in block.enumerated() {
                if abs(sample) > 0.05 {
                    if quietSamples > Int(0.15 * rate) {
                        lock.lock()
                        onsets.append(arrived - Double(block.count - index) / rate)
                        lock.unlock()
                    }
                    quietSamples = 0
                } else {
                    quietSamples += 1
                }
            }
        }
        done.signal()
    }
}

/// One real hand clap for the tests: the first clap of `Scenes/recordings/clapping-crowd.wav`
/// (a recording from Debian's hydrogen-drumkits), cut out with sox, brought up to -3 dBFS and
/// set between 0.3 s and 0.4 s of silence; the same bytes every time (no dither). A burst of
/// white noise stood here before: the detector rightly takes that for hiss about half the
/// time (its brightness sits on the limit), so tests that played it went deaf at random.
enum OneRealClap {
    static func write(to path: String) throws {
        let recording = RepositoryRoot.path + "/Scenes/recordings/clapping-crowd.wav"
        let result = try Subprocess.run("sox", ["-D", recording, path, "trim", "0.34", "0.22", "fade", "0.005", "0", "0.03",
                                                "gain", "-n", "-3", "pad", "0.3", "0.4"], timeout: 20)
        #expect(result.status == 0, "sox failed: \(result.standardError)")
    }
}
