import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private PulseAudio daemon (scripts/pulse-daemon.sh) with a null sink: what is played to
/// `sink` can be recorded from `sink.monitor`. It can be killed hard and started again on the
/// same socket; it is stopped, by its pid, when the value goes away.
public final class PulseFixture {
    /// The folder holding the daemon's socket, state, log and pids.
    public let folder: String
    /// The null sink's name.
    public let sink: String
    /// The variables that lead a client to this daemon (PULSE_SERVER and its runtime paths).
    public private(set) var environment: [String: String] = [:]

    static let script = RepositoryRoot.url.appendingPathComponent("scripts/pulse-daemon.sh").path

    /// Starts a daemon with a null sink named `sink`.
    public init(sink: String) throws {
        folder = NSTemporaryDirectory() + "aria-pulse-\(getpid())-\(UUID().uuidString.prefix(8))"
        self.sink = sink
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try start()
    }

    deinit {
        _ = try? Subprocess.run(Self.script, ["stop", folder + "/daemon"], timeout: 15)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The daemon's address, as PULSE_SERVER takes it.
    public var server: String? { environment["PULSE_SERVER"] }

    /// Starts the daemon (the script waits until the sink is past its 2 s idle blocks).
    public func start() throws {
        let result = try Subprocess.run(Self.script, ["start", folder + "/daemon", sink], timeout: 30)
        var found: [String: String] = [:]
        for line in result.standardOutput.split(separator: "\n") where line.hasPrefix("export ") {
            let pair = line.dropFirst(7).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { found[String(pair[0])] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
        }
        guard result.status == 0, found["PULSE_SERVER"] != nil else {
            throw FixtureError("the PulseAudio daemon did not start: \(result.standardError)")
        }
        // The daemon's variables, except HOME: a program run here finds nothing of its own there.
        found["HOME"] = nil
        environment = found
    }

    /// Kills the daemon with SIGKILL, as a crash would, and stops the script's monitor keeper.
    public func killHard() throws {
        if let text = try? String(contentsOfFile: folder + "/daemon/daemon.pid", encoding: .utf8),
           let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGKILL)
        }
        let result = try Subprocess.run(Self.script, ["stop", folder + "/daemon"], timeout: 15)
        guard result.status == 0 else { throw FixtureError("the PulseAudio daemon did not stop: \(result.standardError)") }
    }

    /// The state pactl gives the sink `name` (this fixture's when nil): `RUNNING` while a stream
    /// plays into it, `IDLE` or `SUSPENDED` otherwise; nil when pactl does not list it.
    public func sinkState(_ name: String? = nil) -> String? {
        let listed = try? Subprocess.run("pactl", ["list", "short", "sinks"], environment: environment, timeout: 10)
        for line in (listed?.standardOutput ?? "").split(separator: "\n") {
            let columns = line.split(separator: "\t").map(String.init)
            if columns.count >= 5 && columns[1] == (name ?? sink) { return columns[4] }
        }
        return nil
    }

    /// Plays a sound file into `device` (the sink when nil) with paplay, to its end.
    public func play(_ path: String, device: String? = nil) throws {
        let result = try Subprocess.run("paplay", ["--device=\(device ?? sink)", path], environment: environment, timeout: 15)
        guard result.status == 0, !result.timedOut else { throw FixtureError("paplay failed: \(result.standardError)") }
    }
}
