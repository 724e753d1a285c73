import CPulse
import Foundation

/// One pa_simple stream: opened with every buffer attribute left to the server (-1) except
/// the one that sets its latency, since anything else makes the server pick 2 seconds.
final class PulseStream {
    private var handle: OpaquePointer?
    let direction: pa_stream_direction_t

    init(direction: pa_stream_direction_t, server: String?, device: String?, name: String, sampleRate: Int, channels: Int,
         latencyBytes: Int) throws {
        self.direction = direction
        var spec = pa_sample_spec(format: PA_SAMPLE_FLOAT32LE, rate: UInt32(sampleRate), channels: UInt8(channels))
        let unset = UInt32.max
        var attributes = pa_buffer_attr(maxlength: unset, tlength: unset, prebuf: unset, minreq: unset, fragsize: unset)
        if direction == PA_STREAM_PLAYBACK {
            attributes.tlength = UInt32(latencyBytes)
        } else {
            attributes.fragsize = UInt32(latencyBytes)
        }
        var error: Int32 = 0
        handle = pa_simple_new(server, "aria-render", direction, device, name, &spec, nil, &attributes, &error)
        guard handle != nil else {
            throw PulseError(code: error, action: direction == PA_STREAM_PLAYBACK ? "opening playback" : "opening capture from \(device ?? "the default source")")
        }
    }

    deinit { if let handle { pa_simple_free(handle) } }

    func write(_ samples: [Float]) throws {
        var error: Int32 = 0
        let status = samples.withUnsafeBytes { pa_simple_write(handle, $0.baseAddress, $0.count, &error) }
        guard status == 0 else { throw PulseError(code: error, action: "playing") }
    }

    func read(frames: Int, channels: Int) throws -> [Float] {
        var samples = [Float](repeating: 0, count: frames * channels)
        var error: Int32 = 0
        let status = samples.withUnsafeMutableBytes { pa_simple_read(handle, $0.baseAddress, $0.count, &error) }
        guard status == 0 else { throw PulseError(code: error, action: "recording") }
        return samples
    }

    /// Seconds between a sample written now and its being heard (playback), or being
    /// recorded and its being read (capture).
    func latency() -> Double {
        var error: Int32 = 0
        let micros = pa_simple_get_latency(handle, &error)
        return micros == UInt64.max ? 0 : Double(micros) / 1_000_000
    }
}
