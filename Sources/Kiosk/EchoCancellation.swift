import Foundation

/// Where the demo plays and listens: through PulseAudio's `module-echo-cancel` (WebRTC audio
/// processing), which removes what the kiosk plays from what its microphone hears, or straight to
/// the speaker and microphone when the module is missing, refuses to load or goes away (a
/// PulseAudio restart unloads it). Either way the detector's playback gate stays on for what
/// the cancellation leaves. Falling back is one log line and lasts for the rest of the run.
final class AudioRoute: @unchecked Sendable {
    /// The module's `aec_args`, measured on real claps (docs/kiosk.md): WebRTC's analog gain
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(PactlFailure(text: "pactl cannot run: \(error)"))
        }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // A kiosk runs for weeks: no descriptor of a finished pactl may stay open.
        for handle in [output.fileHandleForReading, output.fileHandleForWriting, errors.fileHandleForReading, errors.fileHandleForWriting] {
            try? handle.close()
        }
        guard process.terminationStatus == 0 else {
            let said = complaint.split(separator: "\n").last.map(String.init) ?? "exit \(process.terminationStatus)"
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
