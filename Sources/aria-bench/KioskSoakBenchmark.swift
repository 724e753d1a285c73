import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk soak (`aria-bench kiosk-soak [--minutes M] [--clap-every S] [--room typical|stress|distorting]
/// [--room-db D]`): the real `aria-render demo` (beside this program) full-screen at 1920x1080 on
/// an Xvfb of its own, in a simulated room of a private PulseAudio daemon (scripts/pulse-daemon.sh:
/// null sinks `speaker` and `room`, a 20 ms loopback of `speaker.monitor` into `room`, the
/// microphone on `room.monitor`). The room says how loud the demo's sound reaches the microphone:
/// typical −10 dB, stress 0 dB (the default), distorting −10 dB through a small speaker's
/// distortion (a LADSPA sink in front of the speaker, swh-plugins' harmonic generator);
/// `--room-db` sets another level. A real clap
/// from the clap corpus (`$ARIA_CLAP_CORPUS`, else .build/clap-corpus) played into the room every S seconds at peaks cycling from −25 to
/// −3 dBFS. Prints frames shown and skipped, claps played, heard (clap→jump latency) and false,
/// peak memory, the highest in the second minute and in the last (resident memory rises and
/// falls with each pass of the attract loop, by 50 MB over the default scene's 10 s, so a single
/// sample says more about where in a pass it fell than about growth), and open files. Run from
/// the repository root; needs Xvfb, pulseaudio, pactl, paplay and sox. Not run in CI: it takes
/// its minutes. `--record-room FILE` keeps the demo's room recording (`demo --record-room`) and
/// the claps played; `--replay FILE` scores that recording again with this build, in seconds.
enum KioskSoakBenchmark {
    static func run() -> BenchReport {
        var report = BenchReport()
        let options = Array(CommandLine.arguments.dropFirst(2))
        func option(_ name: String, _ fallback: Double) -> Double {
            guard let at = options.firstIndex(of: name), at + 1 < options.count, let value = Double(options[at + 1]) else { return fallback }
            return value
        }
        let minutes = option("--minutes", 10)
        let clapEvery = option("--clap-every", 10)
        report.add("kiosk_minutes", minutes)
        let roomName = options.firstIndex(of: "--room").flatMap { $0 + 1 < options.count ? options[$0 + 1] : nil } ?? "stress"
        guard let room = SoakRoom(rawValue: roomName) else {
            printError("kiosk-soak: no room \(roomName): typical, stress or distorting")
            report.add("kiosk_error", text: "no room \(roomName)")
            return report
        }
        func text(_ name: String) -> String? { options.firstIndex(of: name).flatMap { $0 + 1 < options.count ? options[$0 + 1] : nil } }
        do {
            if let recording = text("--replay") {
                try replay(recording, into: &report)
            } else {
                try measure(minutes: minutes, clapEvery: clapEvery, room: room, roomDecibels: option("--room-db", room.decibels),
                            recording: text("--record-room"), into: &report)
            }
        } catch {
            printError("kiosk-soak: \(error)")
            report.add("kiosk_error", text: "\(error)")
        }
        return report
    }

    private struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ text: String) { description = text }
    }

    /// The sink the demo plays to in the distorting room: the speaker through a distortion.
    static let distortingSpeaker = "distorting_speaker"

    /// The rooms the kiosk is judged in (docs/kiosk.md).
    enum SoakRoom: String {
        case typical, stress, distorting
        /// How loud the demo's sound reaches the microphone, against what it plays.
        var decibels: Double { self == .stress ? 0 : -10 }
    }

    /// The `aria-render` beside this program.
    private static func tool() throws -> String {
        let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("aria-render").path
        guard FileManager.default.isExecutableFile(atPath: tool) else { throw Failure("\(tool) is missing; build it with `swift build -c release --product aria-render`") }
        return tool
    }

    private static func measure(minutes: Double, clapEvery: Double, room: SoakRoom, roomDecibels: Double, recording: String?,
                                into report: inout BenchReport) throws {
        let tool = try tool()
        let folder = NSTemporaryDirectory() + "aria-bench-kiosk-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        // The room.
        let daemon = try run(["scripts/pulse-daemon.sh", "start", folder + "/pulse", "speaker"])
        defer { _ = try? run(["scripts/pulse-daemon.sh", "stop", folder + "/pulse"]) }
        var environment = ProcessInfo.processInfo.environment
        for line in daemon.split(separator: "\n") where line.hasPrefix("export ") {
            let pair = line.dropFirst(7).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { environment[String(pair[0])] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
        }
        environment["HOME"] = ProcessInfo.processInfo.environment["HOME"]
        _ = try run(["pactl", "load-module", "module-null-sink", "sink_name=room"], environment: environment)
        _ = try run(["pactl", "load-module", "module-loopback", "source=speaker.monitor", "sink=room", "latency_msec=20"], environment: environment)
        if room == .distorting {
            // The speaker's own distortion, inside the server's rendering of the sink (so it adds
            // no delay and no jitter): swh-plugins' harmonic generator, a sum of Chebyshev
            // polynomials, at magnitudes 1, 0.01 and −0.04 is 1.12x + 0.02x² − 0.16x³ (and a
            // DC offset the loopback passes on): the replayed distorting room's curve, about
            // 1 % distortion at a peak of 0.5.
            do {
                _ = try run(["pactl", "load-module", "module-ladspa-sink", "sink_name=\(Self.distortingSpeaker)", "sink_master=speaker",
                             "plugin=harmonic_gen_1220", "label=harmonicGen", "control=1,0.01,-0.04,0,0,0,0,0,0,0"], environment: environment)
            } catch {
                throw Failure("the distorting room needs swh-plugins' harmonic generator (apt-get install swh-plugins): \(error)")
            }
        }
        if roomDecibels != 0 {
            // The room: how loud the demo's sound reaches the microphone (typical: −10 dB; stress: 0 dB).
            let inputs = try run(["pactl", "list", "short", "sink-inputs"], environment: environment)
            if let loopback = inputs.split(separator: "\n").first?.split(separator: "\t").first {
                _ = try run(["pactl", "set-sink-input-volume", String(loopback), "\(Int(roomDecibels))dB"], environment: environment)
            }
        }
        let keeper = try start(["pacat", "--record", "--latency-msec=10", "--device=room.monitor", "/dev/null"], environment: environment)
        defer { keeper.terminate() }

        let claps = try clapClips(in: folder)
        // The screen.
        let xvfb = try start(["Xvfb", "-displayfd", "1", "-screen", "0", "1920x1080x24", "-nolisten", "tcp", "-noreset"],
                             output: folder + "/xvfb.out")
        defer { xvfb.terminate() }
        var display = ""
        for _ in 0..<100 where display.isEmpty {
            Thread.sleep(forTimeInterval: 0.1)
            display = ((try? String(contentsOfFile: folder + "/xvfb.out", encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard !display.isEmpty else { throw Failure("Xvfb did not start") }
        environment["DISPLAY"] = ":" + display
        Thread.sleep(forTimeInterval: 2.2)

        let seconds = minutes * 60
        let speaker = room == .distorting ? Self.distortingSpeaker : "speaker"
        let demo = try start([tool, "demo", "--speaker", speaker, "--mic", "room.monitor", "--trace", folder + "/trace.jsonl", "--explain",
                              "--duration", String(seconds)] + (recording.map { ["--record-room", $0] } ?? []),
                             environment: environment, errors: folder + "/demo.log")
        var origin: Double?
        var played: [(time: Double, peak: Double)] = []
        var peakMemory = 0.0, secondMinuteMemory = 0.0, lastMinuteMemory = 0.0, filesAfterMinute = 0
        var next = 3.0
        let began = monotonic()
        var players: [Child] = []
        while demo.isRunning {
            Thread.sleep(forTimeInterval: 0.25)
            players.removeAll { !$0.isRunning }
            let log = (try? String(contentsOfFile: folder + "/demo.log", encoding: .utf8)) ?? ""
            if origin == nil, let range = log.range(of: "wall 0 = CLOCK_MONOTONIC ") {
                origin = Double(log[range.upperBound...].prefix { !$0.isWhitespace })
            }
            let elapsed = monotonic() - began
            if let memory = residentMegabytes(of: demo.processIdentifier) {
                peakMemory = max(peakMemory, memory)
                if elapsed >= 60 && filesAfterMinute == 0 { filesAfterMinute = openFiles(of: demo.processIdentifier) }
                if elapsed >= 60 && elapsed < 120 { secondMinuteMemory = max(secondMinuteMemory, memory) }
                if elapsed >= seconds - 60 && elapsed < seconds { lastMinuteMemory = max(lastMinuteMemory, memory) }
            }
            // `--clap-every 0`: nobody claps, the run counts only false claps.
            if clapEvery > 0 && elapsed >= next && elapsed < seconds - 1 {
                let clip = claps[played.count % claps.count]
                played.append((monotonic(), clip.peak))
                if let player = try? start(["paplay", "--device=room", clip.path], environment: environment) { players.append(player) }
                next += clapEvery
            }
        }
        demo.waitUntilExit()
        let log = (try? String(contentsOfFile: folder + "/demo.log", encoding: .utf8)) ?? ""
        guard let origin else { throw Failure("the demo did not start: \(log)") }

        // The heard claps: the trace's lines with an onset.
        var heard: [HeardOnset] = []
        let trace = (try? String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8)) ?? ""
        for line in trace.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["source"] as? String == "mic", let onset = object["onset"] as? Double, let wall = object["wall"] as? Double else { continue }
            heard.append(HeardOnset(onset: onset, wall: wall, decided: object["decided"] as? Double))
        }
        // Why each missed clap was not heard: the refusals the demo logged (--explain).
        var refusals: [(onset: Double, test: String)] = []
        for line in log.split(separator: "\n") {
            guard let at = line.range(of: "not a clap, onset at ") else { continue }
            let rest = line[at.upperBound...]
            let words = rest.split(separator: " ")
            if words.count > 1, let onset = Double(words[0].dropLast()) { refusals.append((onset, String(words[1]))) }
        }
        let playedClaps = played.map { (at: $0.time - origin, peak: $0.peak) }
        if let recording {
            // What was played, on the demo's clock, for `--replay` to score the recording against.
            let list = playedClaps.map { ["at": $0.at, "peak": $0.peak] }
            try JSONSerialization.data(withJSONObject: ["claps": list], options: [.sortedKeys]).write(to: URL(fileURLWithPath: recording + ".claps.json"))
        }
        score(playedClaps, heard: heard, refusals: refusals, into: &report)
        let last = log.split(separator: "\n").last { $0.contains("stopped by") }.map(String.init) ?? ""
        func figure(_ pattern: String) -> Double {
            guard let range = last.range(of: pattern, options: .regularExpression) else { return -1 }
            return Double(last[range].filter { $0.isNumber || $0 == "." }) ?? -1
        }
        report.add("frames_shown", figure("[0-9]+ frames shown"), decimals: 0)
        report.add("frames_skipped", figure("\\([0-9]+ skipped"), decimals: 0)
        report.add("memory_peak_mb", peakMemory, decimals: 1)
        report.add("memory_second_minute_mb", secondMinuteMemory, decimals: 1)
        report.add("memory_last_minute_mb", lastMinuteMemory, decimals: 1)
        report.add("memory_last_over_second_minute", secondMinuteMemory > 0 && minutes >= 3 ? lastMinuteMemory / secondMinuteMemory : -1, decimals: 3)
        report.add("open_files_after_1_minute", Double(filesAfterMinute), decimals: 0)
        report.add("open_files_final", figure("[0-9]+ open files"), decimals: 0)
        // Which way the demo kept its own sound out, as its log says.
        report.add("echo", text: log.contains("echo: the microphone is compared") ? "bands" : log.contains("echo: off") ? "off" : "unknown")
        // Where the demo found its own sound in the microphone (-1: never found, the gate decided).
        let found = log.range(of: "found [0-9]+ ms behind", options: .regularExpression).map { Double(log[$0].filter(\.isNumber)) ?? -1 }
        report.add("echo_delay_ms", found ?? -1, decimals: 0)
        report.add("room", text: room.rawValue)
        report.add("room_db", roomDecibels, decimals: 0)
    }

    /// A clap the demo heard: its onset, when a step took it and when it was decided, on the demo's clock.
    private struct HeardOnset {
        var onset: Double
        var wall: Double?
        var decided: Double?
    }

    /// Matches each heard clap to the clap played just before it (paplay takes up to a few
    /// hundred ms to start on a loaded machine; claps are seconds apart) and reports the claps
    /// heard, missed (with the refusals near each) and false, and the latencies.
    private static func score(_ played: [(at: Double, peak: Double)], heard: [HeardOnset], refusals: [(onset: Double, test: String)],
                              into report: inout BenchReport) {
        var latency: [Double] = [], hearing: [Double] = [], stepWait: [Double] = [], falseOnsets: [Double] = []
        var matched = Set<Int>()
        for clap in heard {
            guard let index = played.indices.first(where: { !matched.contains($0) && clap.onset - played[$0].at > -0.05 && clap.onset - played[$0].at < 0.6 }) else {
                falseOnsets.append(clap.onset)
                continue
            }
            matched.insert(index)
            if let wall = clap.wall { latency.append(wall - clap.onset) }
            // Where the time went: hearing it (the microphone's block, the comparison, the
            // detector's judging) and waiting for the step that makes them jump.
            if let decided = clap.decided {
                hearing.append(decided - clap.onset)
                if let wall = clap.wall { stepWait.append(wall - decided) }
            }
        }
        let missed = played.indices.filter { !matched.contains($0) }.map { index -> String in
            let at = played[index].at
            let tests = refusals.filter { $0.onset - at > -0.05 && $0.onset - at < 0.6 }.map(\.test)
            return String(format: "%.0f s %.1f dBFS: ", at, played[index].peak) + (tests.isEmpty ? "no onset" : tests.joined(separator: ","))
        }
        report.add("claps_played", Double(played.count), decimals: 0)
        report.add("claps_heard", Double(matched.count), decimals: 0)
        report.add("false_claps", Double(falseOnsets.count), decimals: 0)
        if !latency.isEmpty {
            report.add("clap_latency_max_ms", (latency.max() ?? 0) * 1_000, decimals: 0)
            report.add("clap_latency_median_ms", (latency.sorted().dropFirst(latency.count / 2).first ?? 0) * 1_000, decimals: 0)
            report.add("clap_step_wait_max_ms", (stepWait.max() ?? 0) * 1_000, decimals: 0)
        }
        if !hearing.isEmpty { report.add("clap_hearing_max_ms", (hearing.max() ?? 0) * 1_000, decimals: 0) }
        report.add("claps_missed", text: missed.joined(separator: "; "))
        // The first false claps' onsets, on the demo's clock.
        report.add("false_clap_onsets", text: falseOnsets.prefix(20).map { String(format: "%.2f", $0) }.joined(separator: " "))
    }

    /// `--replay FILE`: a soak's room recording (`--record-room FILE`) heard again by this build's
    /// `aria-render listen`, scored against the claps the soak played (FILE.claps.json) as the
    /// live soak was: a change of the detector tried on a real room, in seconds.
    private static func replay(_ recording: String, into report: inout BenchReport) throws {
        guard let data = FileManager.default.contents(atPath: recording + ".claps.json"),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let list = object["claps"] as? [[String: Double]] else {
            throw Failure("\(recording).claps.json is missing or unreadable: record with kiosk-soak --record-room \(recording)")
        }
        let played = list.compactMap { entry in entry["at"].flatMap { at in entry["peak"].map { (at: at, peak: $0) } } }
        let folder = NSTemporaryDirectory() + "aria-bench-replay-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let listen = try start([try tool(), "listen", "--file", recording, "--json", "--explain"], environment: nil,
                               output: folder + "/heard.jsonl", errors: folder + "/listen.err")
        listen.waitUntilExit()
        guard listen.status == 0, let lines = try? String(contentsOfFile: folder + "/heard.jsonl", encoding: .utf8) else {
            throw Failure("listen failed: " + ((try? String(contentsOfFile: folder + "/listen.err", encoding: .utf8)) ?? ""))
        }
        var heard: [HeardOnset] = [], refusals: [(onset: Double, test: String)] = []
        for line in lines.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            if let time = object["time"] as? Double, object["group"] == nil { heard.append(HeardOnset(onset: time)) }
            if let time = object["refused"] as? Double, let test = object["test"] as? String { refusals.append((time, test)) }
        }
        report.add("room", text: "replayed " + recording)
        score(played, heard: heard, refusals: refusals, into: &report)
    }

    /// Ten real claps from the corpus's dry quiet-room recordings (two from each source), cut
    /// with sox and normalised to peaks from −25 to −3 dBFS.
    private static func clapClips(in folder: String) throws -> [(path: String, peak: Double)] {
        let corpus = ProcessInfo.processInfo.environment["ARIA_CLAP_CORPUS"] ?? ".build/clap-corpus"
        guard let data = FileManager.default.contents(atPath: corpus + "/truth.json"),
              let truth = try JSONSerialization.jsonObject(with: data) as? [String: Any], let items = truth["items"] as? [[String: Any]] else {
            throw Failure("no clap corpus at \(corpus): scripts/clap-corpus/build.sh \(corpus)")
        }
        var clips: [(String, Double)] = []
        for source in ["h2-gimme", "h2-millo-ml2", "h2-millo-v1", "chuck", "scratch"] {
            let file = "quiet/\(source)_dry.wav"
            guard let item = items.first(where: { $0["file"] as? String == file }), let times = item["claps"] as? [Double], times.count > 3 else { continue }
            for clap in [times[0], times[3]] {
                let peak = -25 + 22 * Double(clips.count * 3 % 10) / 9
                let path = "\(folder)/clap-\(clips.count).wav"
                _ = try run(["sox", corpus + "/" + file, path, "trim", String(clap - 0.04), "0.44", "fade", "0.02", "0.44", "0.02",
                             "gain", "-n", String(format: "%.1f", peak)])
                clips.append((path, peak))
            }
        }
        guard !clips.isEmpty else { throw Failure("no dry clap recordings in \(corpus)") }
        return clips
    }

    private static func monotonic() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func residentMegabytes(of pid: Int32) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes / 1_024
    }

    private static func openFiles(of pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    /// A child process, spawned and reaped with posix_spawn and waitpid (Foundation's Process
    /// here missed the end of a script whose daemons outlived it, and waited for ever).
    final class Child {
        let processIdentifier: pid_t
        private(set) var status: Int32?

        init(_ command: [String], environment: [String: String]?, output: String?, errors: String?) throws {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, errors ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            let words = ["/usr/bin/env"] + command
            let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
            var argv = words.map { strdup($0) } + [nil]
            var envp = variables.map { strdup($0) } + [nil]
            defer { for pointer in argv + envp { free(pointer) } }
            var pid: pid_t = 0
            let result = posix_spawn(&pid, "/usr/bin/env", &actions, nil, &argv, &envp)
            guard result == 0 else { throw Failure("cannot start \(command[0]): error \(result)") }
            processIdentifier = pid
        }

        var isRunning: Bool {
            guard status == nil else { return false }
            var raw: Int32 = 0
            guard waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier else { return true }
            status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : -1
            return false
        }

        func waitUntilExit() {
            while isRunning { Thread.sleep(forTimeInterval: 0.02) }
        }

        func terminate() {
            guard isRunning else { return }
            kill(processIdentifier, SIGTERM)
            for _ in 0..<100 where isRunning { Thread.sleep(forTimeInterval: 0.02) }
            if isRunning { kill(processIdentifier, SIGKILL); waitUntilExit() }
        }
    }

    /// Starts `command` (its first word looked up on PATH), its output to `output` or nowhere.
    private static func start(_ command: [String], environment: [String: String]? = nil, output: String? = nil,
                              errors: String? = nil) throws -> Child {
        try Child(command, environment: environment, output: output, errors: errors)
    }

    /// Runs `command` to its end; its standard output, or an error with its exit status. The
    /// output goes through a file: a daemon it leaves behind may hold a pipe open for ever.
    private static func run(_ command: [String], environment: [String: String]? = nil) throws -> String {
        let path = NSTemporaryDirectory() + "aria-bench-output-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = try start(command, environment: environment, output: path)
        process.waitUntilExit()
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        guard process.status == 0 else { throw Failure("\(command.joined(separator: " ")) exited \(process.status ?? -1)") }
        return text
    }
}
