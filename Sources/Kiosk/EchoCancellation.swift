import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the demo plays and listens: through PulseAudio's `module-echo-cancel` (WebRTC audio
/// processing), which removes what the kiosk plays from what its microphone hears, or straight to
/// the speaker and microphone when the module is missing, refuses to load or goes away (a
/// PulseAudio restart unloads it). Either way the detector's playback gate stays on for what
/// the cancellation leaves. Falling back is one log line and lasts for the rest of the run.
final class AudioRoute: @unchecked Sendable {
    /// The module's `aec_args`, measured on real claps (docs/benchmarks.md): WebRTC's analog gain
    /// control turns the microphone's own volume down (by 29 dB here, and it stays down), its
    /// noise suppression flattens claps' transients; without the extended filter the echo path
    /// of a speaker, its buffers and a room (40 ms and more) is too long for it to cancel at all.
    static let cancellerArguments = "analog_gain_control=0 digital_gain_control=0 noise_suppression=0 high_pass_filter=1 extended_filter=1"

    private let lock = NSLock()
    private let speaker: String?
    private let microphone: String?
    private let log: DemoLog
    /// The loaded module: its index and the sink and source it made; nil when not cancelling.
    private var canceller: (index: String, sink: String, source: String)?

    /// A route straight to `speaker` and `microphone` (nil: the server's defaults).
    init(speaker: String?, microphone: String?, log: DemoLog) {
        self.speaker = speaker
        self.microphone = microphone
        self.log = log
    }

    /// Loads the echo canceller between the speaker and the microphone with `pactl`, and logs
    /// which path the demo takes.
    func loadCanceller() {
        let name = "aria_echo_cancel_\(getpid())"
        var arguments = ["load-module", "module-echo-cancel", "aec_method=webrtc", "rate=48000",
                         "sink_name=\(name)_sink", "source_name=\(name)_source",
                         "aec_args=\"\(Self.cancellerArguments)\""]
        if let speaker { arguments.append("sink_master=\(speaker)") }
        if let microphone { arguments.append("source_master=\(microphone)") }
        switch Self.pactl(arguments) {
        case .success(let output):
            let index = output.trimmingCharacters(in: .whitespacesAndNewlines)
            lock.lock()
            canceller = (index, "\(name)_sink", "\(name)_source")
            lock.unlock()
            log.line("echo cancellation: module-echo-cancel (WebRTC, \(Self.cancellerArguments)) between "
                     + "\(speaker ?? "the default sink") and \(microphone ?? "the default source"), plus the playback gate")
        case .failure(let reason):
            log.line("echo cancellation: off, \(reason); the playback gate alone keeps the demo's own sound out")
        }
    }

    /// The sink to play to now.
    var playbackDevice: String? {
        lock.lock()
        defer { lock.unlock() }
        return canceller?.sink ?? speaker
    }

    /// The source to hear claps from now.
    var captureDevice: String? {
        lock.lock()
        defer { lock.unlock() }
        return canceller?.source ?? microphone
    }

    /// Whether the demo plays and listens through the echo canceller.
    var cancels: Bool {
        lock.lock()
        defer { lock.unlock() }
        return canceller != nil
    }

    /// The canceller's sink or source failed (`what`): from now on the demo plays and listens
    /// straight, which is logged once.
    func fallBack(_ what: String) {
        lock.lock()
        let was = canceller
        canceller = nil
        lock.unlock()
        guard was != nil else { return }
        // Not unloaded: it went with the server that had it, and a new server may have given
        // its index to another module.
        log.line("echo cancellation: off, \(what); the playback gate alone keeps the demo's own sound out")
    }

    /// Unloads the canceller, if it is still loaded.
    func unload() {
        lock.lock()
        let was = canceller
        canceller = nil
        lock.unlock()
        if let was { _ = Self.pactl(["unload-module", was.index]) }
    }

    /// Runs `pactl` with `arguments`: its standard output, or why it failed, in a few words.
    private static func pactl(_ arguments: [String]) -> Result<String, PactlFailure> {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let path = directories.map({ "\($0)/pactl" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return .failure(PactlFailure(text: "pactl is not installed (Debian's pulseaudio-utils)"))
        }
        // posix_spawn and waitpid, not Foundation's Process, which keeps a dozen descriptors of
        // its own open for the rest of the run; the output goes through files.
        let base = NSTemporaryDirectory() + "aria-pactl-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer {
            unlink(base + ".out")
            unlink(base + ".err")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, base + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, base + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, &argv, environ)
        guard spawned == 0 else { return .failure(PactlFailure(text: "pactl cannot run: error \(spawned)")) }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        let printed = (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? ""
        let complaint = (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? ""
        let status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : -1
        guard status == 0 else {
            let said = complaint.split(separator: "\n").last.map(String.init) ?? "exit \(status)"
            return .failure(PactlFailure(text: "pactl \(arguments.prefix(2).joined(separator: " ")) failed: \(said)"))
        }
        return .success(printed)
    }
}

/// Why a `pactl` call failed, as the log says it.
private struct PactlFailure: Error, CustomStringConvertible {
    let text: String
    var description: String { text }
}
