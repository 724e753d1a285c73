import CPulse
import Foundation

/// One long-lived, low-latency PulseAudio playback stream (48 kHz float stereo). If the
/// server dies, blocks are dropped (in real time, so the caller keeps its pace) while it
/// reconnects with a growing back-off; the program never has to restart.
public final class PulseSpeaker: AudioOutput {
    /// Frames per second.
    public let sampleRate: Int
    /// The server, as in PULSE_SERVER (e.g. unix:/run/pulse/native), or nil for the usual one.
    public let server: String?
    /// The sink played to, or nil for the default one.
    public let device: String?
    /// Told once when the connection is lost and once when it is back.
    public var onStatus: (String) -> Void = { _ in }

    private let targetLatency: Double
    private var stream: PulseStream?
    private var backoff = Backoff()
    private var nextAttempt = ContinuousClock.now

    /// Opens the stream at once, so an absent server is one clear error here.
    /// `targetLatency` is the server-side buffer (tlength), 30 ms by default.
    public init(server: String? = nil, device: String? = nil, sampleRate: Int = 48_000, targetLatency: Double = 0.03) throws {
        self.server = server
        self.device = device
        self.sampleRate = sampleRate
        self.targetLatency = targetLatency
        stream = try open()
    }

    /// Plays interleaved stereo samples, reconnecting if the server went away.
    public func write(_ interleaved: [Float]) throws {
        if stream == nil { reconnect() }
        guard let stream else {
            // Keep real-time pace while there is nothing to play into.
            Thread.sleep(forTimeInterval: Double(interleaved.count / 2) / Double(sampleRate))
            return
        }
        do {
            try stream.write(interleaved)
        } catch {
            self.stream = nil
            nextAttempt = .now + .milliseconds(Int(backoff.current * 1_000))
            onStatus("lost PulseAudio playback (\(error)); reconnecting")
        }
    }

    /// Seconds until a sample written now is heard.
    public var latency: Double { stream?.latency() ?? 0 }

    /// Whether the stream is open.
    public var isConnected: Bool { stream != nil }

    private func reconnect() {
        guard ContinuousClock.now >= nextAttempt else { return }
        do {
            stream = try open()
            backoff.succeeded()
            onStatus("PulseAudio playback is back")
        } catch {
            backoff.failed()
            nextAttempt = .now + .milliseconds(Int(backoff.current * 1_000))
        }
    }

    private func open() throws -> PulseStream {
        try PulseStream(direction: PA_STREAM_PLAYBACK, server: server, device: device, name: "sound effects", sampleRate: sampleRate,
                        channels: 2, latencyBytes: Int(targetLatency * Double(sampleRate)) * 2 * 4)
    }
}
