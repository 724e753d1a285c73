import Audio
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real parts the demo's end-to-end tests run against, each started by the test and
/// stopped by its pid: a private Xvfb, a private PulseAudio daemon with null sinks, the tool
/// itself. Every wait has a limit, so nothing can hang CI.

/// CLOCK_MONOTONIC in seconds: the clock the demo's `wall` counts on.
func monotonicSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// A fresh temporary folder.
func demoTemporaryFolder(_ label: String) -> String {
    let path = NSTemporaryDirectory() + "aria-demo-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A program started by a test, its output going to files (never pipes a daemon could hold).
final class StartedProgram {
    let pid: pid_t
    let outputPath: String
    let errorPath: String
    private(set) var status: Int32?

    /// Starts `executable` (a path, or a name on PATH) with `arguments` and extra `environment`.
    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        let path = executable.hasPrefix("/") ? executable : StartedProgram.which(executable)
        let stem = NSTemporaryDirectory() + "aria-demo-run-\(getpid())-\(UUID().uuidString.prefix(8))"
        outputPath = stem + ".out"
        errorPath = stem + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // Test threads block signals; the child must start with none blocked and none ignored.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, &attributes, argv, envp) == 0 else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        self.pid = pid
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
        unlink(outputPath)
        unlink(errorPath)
    }

    /// Runs a program to its end (at most `timeout` seconds); returns its exit status and standard error.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                    timeout: Double = 20) throws -> (status: Int32, output: String, error: String) {
        let program = try StartedProgram(executable, arguments, environment: environment)
        let status = program.finish(timeout: timeout) ?? -1
        return (status, program.standardOutput, program.standardError)
    }

    /// What it has written on standard output so far.
    var standardOutput: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    /// What it has written on standard error so far.
    var standardError: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Whether it is still running.
    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        if waitpid(pid, &raw, WNOHANG) == pid {
            status = Self.exitStatus(raw)
            return false
        }
        return true
    }

    /// Waits up to `timeout` seconds until standard error holds `text` at least `count` times.
    @discardableResult
    func waitForError(_ text: String, count: Int = 1, timeout: Double) -> Bool {
        let deadline = monotonicSeconds() + timeout
        while monotonicSeconds() < deadline {
            if standardError.components(separatedBy: text).count - 1 >= count { return true }
            if !isRunning { return standardError.components(separatedBy: text).count - 1 >= count }
            usleep(20_000)
        }
        return false
    }

    /// Sends `signal`.
    func send(_ signal: Int32) { kill(pid, signal) }

    /// Waits up to `timeout` seconds for it to end (then kills it and returns nil).
    func finish(timeout: Double) -> Int32? {
        let deadline = monotonicSeconds() + timeout
        while isRunning {
            if monotonicSeconds() > deadline {
                kill(pid, SIGKILL)
                var raw: Int32 = 0
                waitpid(pid, &raw, 0)
                status = -9
                return nil
            }
            usleep(10_000)
        }
        return status
    }

    private static func exitStatus(_ raw: Int32) -> Int32 {
        (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }

    static func which(_ name: String) -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return "/usr/bin/\(name)"
    }
}

/// The built tool.
enum DemoTool {
    static var path: String? { AriaRenderBinary.url?.path }

    /// Starts `aria-render demo` with `arguments` and `environment`.
    static func start(_ arguments: [String], environment: [String: String]) throws -> StartedProgram {
        let path = try #require(Self.path, "aria-render was not built")
        return try StartedProgram(path, ["demo"] + arguments, environment: environment)
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

/// A private Xvfb screen, on a display number Xvfb itself finds free (tests in parallel each
/// get their own); it can be killed and started again on the same display, as an X server
/// that goes away and comes back.
final class PrivateXServer {
    private(set) var number = -1
    let width: Int
    let height: Int
    private var server: StartedProgram?

    var display: String { ":\(number)" }

    init(width: Int = 640, height: Int = 360) throws {
        self.width = width
        self.height = height
        try start()
    }

    deinit { stop() }

    /// Starts the server (on its first start, on a display it picks and writes on its standard
    /// output) and waits, at most 5 s, until it accepts connections.
    func start() throws {
        let screen = ["-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        let server = try StartedProgram("Xvfb", (number < 0 ? ["-displayfd", "1"] : [display]) + screen)
        self.server = server
        let deadline = monotonicSeconds() + 5
        while monotonicSeconds() < deadline {
            if number < 0, server.standardOutput.hasSuffix("\n") { number = Int(server.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 }
            if number >= 0 && FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { return }
            usleep(50_000)
        }
        throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "Xvfb did not start: \(server.standardError)"])
    }

    /// Kills the server at once, as a crash would.
    func stop() {
        guard let server else { return }
        server.send(SIGKILL)
        _ = server.finish(timeout: 5)
        self.server = nil
        unlink("/tmp/.X\(number)-lock")
        unlink("/tmp/.X11-unix/X\(number)")
    }

    /// The screen's pixels as RGB bytes, row by row, through xwd and ImageMagick.
    func screenshot() throws -> [UInt8] {
        let folder = demoTemporaryFolder("shot")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let raw = folder + "/screen.rgb"
        let result = try StartedProgram.run("/bin/sh", ["-c", "xwd -root -silent -display \(display) | convert xwd:- -depth 8 rgb:\(raw)"],
                                            timeout: 20)
        let bytes = FileManager.default.contents(atPath: raw).map { [UInt8]($0) } ?? []
        guard result.status == 0, bytes.count == width * height * 3 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no screenshot: \(result.error)"])
        }
        return bytes
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

/// A private PulseAudio daemon (scripts/pulse-daemon.sh) with a null sink whose monitor is the
/// demo's microphone; it can be killed hard and started again on the same socket.
final class PrivatePulse {
    let folder: String
    let sink: String
    private(set) var environment: [String: String] = [:]
    static let script = AriaRenderBinary.root.appendingPathComponent("scripts/pulse-daemon.sh").path

    init(sink: String) throws {
        folder = demoTemporaryFolder("pulse")
        self.sink = sink
        try start()
    }

    deinit {
        _ = try? StartedProgram.run(Self.script, ["stop", folder + "/daemon"], timeout: 15)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Starts the daemon (the script waits until the sink is past its 2 s idle blocks).
    func start() throws {
        let result = try StartedProgram.run(Self.script, ["start", folder + "/daemon", sink], timeout: 30)
        var found: [String: String] = [:]
        for line in result.output.split(separator: "\n") where line.hasPrefix("export ") {
            let pair = line.dropFirst(7).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { found[String(pair[0])] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
        }
        guard result.status == 0, found["PULSE_SERVER"] != nil else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "PulseAudio did not start: \(result.error)"])
        }
        // The daemon's variables, except HOME: the tool finds nothing of its own there.
        found["HOME"] = nil
        environment = found
    }

    /// Kills the daemon with SIGKILL, as a crash would, and stops the script's monitor keeper.
    func killHard() throws {
        if let text = try? String(contentsOfFile: folder + "/daemon/daemon.pid", encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGKILL)
        }
        try StartedProgram.run(Self.script, ["stop", folder + "/daemon"], timeout: 15)
    }

    var server: String? { environment["PULSE_SERVER"] }

    /// Plays a WAV file into the sink with paplay.
    func play(_ path: String) throws {
        let result = try StartedProgram.run("paplay", ["--device=\(sink)", path], environment: environment, timeout: 15)
        #expect(result.status == 0, "paplay failed: \(result.error)")
    }
}

/// Records the sink's monitor on a thread of the test, stamping each block with the
/// monotonic clock: when a sound reached the stream that the demo also listens to.
final class MonitorRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var onsets: [Double] = []
    private let done = DispatchSemaphore(value: 0)

    /// Starts recording `device` on `server`.
    init(server: String?, device: String) throws {
        let microphone = try PulseMicrophone(server: server, device: device)
        let thread = Thread { [self] in record(microphone) }
        thread.start()
    }

    /// The clock readings at which each sound (after 150 ms of quiet) reached the stream.
    var soundOnsets: [Double] {
        lock.lock()
        defer { lock.unlock() }
        return onsets
    }

    func stop() {
        lock.lock()
        running = false
        lock.unlock()
        _ = done.wait(timeout: .now() + 3)
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

/// A hand clap for the tests, made with sox: 0.3 s of silence, a 20 ms broadband noise burst
/// that dies away, then silence.
enum ClapRecording {
    static func write(to path: String) throws {
        let result = try StartedProgram.run("sox", ["-n", "-r", "48000", "-c", "1", "-b", "16", path,
                                                    "synth", "0.3", "sine", "0", ":", "synth", "0.02", "whitenoise", "fade", "0", "0.02", "0.018", ":", "synth", "0.4", "sine", "0"], timeout: 20)
        #expect(result.status == 0, "sox failed: \(result.error)")
    }
}
