import CPulse
import Foundation

/// A PulseAudio capture stream in 10 ms blocks of mono float samples, from the default
/// source or a named one. If the server dies, `read` waits with a growing back-off and
/// reconnects; meanwhile it returns empty blocks so the caller stays responsive.
public final class PulseMicrophone: AudioInput {
    /// Frames per second.
    public let sampleRate: Int
    /// The server, as in PULSE_SERVER (e.g. unix:/run/pulse/native), or nil for the usual one.
    public let server: String?
    /// The source recorded from, or nil for the default one.
    public let device: String?
    /// Frames per block.
    public let blockFrames: Int
    /// Told once when the connection is lost and once when it is back.
    public var onStatus: (String) -> Void = { _ in }

    private var stream: PulseStream?
    private var backoff = Backoff()

    /// Opens the stream at once, so an absent server or source is one clear error here.
    public init(server: String? = nil, device: String? = nil, sampleRate: Int = 48_000, blockSeconds: Double = 0.01) throws {
        self.server = server
        self.device = device
        self.sampleRate = sampleRate
        blockFrames = max(1, Int((blockSeconds * Double(sampleRate)).rounded()))
        stream = try open()
    }

    /// The next block; empty after waiting out one back-off step while the server is away.
    public func read() throws -> [Float] {
        if stream == nil {
            Thread.sleep(forTimeInterval: backoff.current)
            do {
                stream = try open()
                backoff.succeeded()
                onStatus("PulseAudio capture is back")
            } catch {
                backoff.failed()
                return []
            }
        }
        do {
            return try stream!.read(frames: blockFrames, channels: 1)
        } catch {
            stream = nil
            onStatus("lost PulseAudio capture (\(error)); reconnecting")
            return []
        }
    }

    /// Whether the stream is open.
    public var isConnected: Bool { stream != nil }

    private func open() throws -> PulseStream {
        try PulseStream(direction: PA_STREAM_RECORD, server: server, device: device, name: "clap microphone", sampleRate: sampleRate,
                        channels: 1, latencyBytes: blockFrames * 4)
    }
}
