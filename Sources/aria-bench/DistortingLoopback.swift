import Audio
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The distorting room's speaker: a sink that hands what the demo plays to this program through
/// a FIFO (`module-pipe-sink`), which shapes every sample as a small speaker driven hard would
/// (`SpeakerDistortion`), turns it down by the room's level and hands it back through a second
/// FIFO to a source (`module-pipe-source`) that a loopback plays into the room, as the other
/// rooms' loopback plays the speaker's monitor. The pipes are paced by the sink's own clock, so
/// the path adds a steady delay and no gaps (a splice no real room has).
final class DistortingLoopback: @unchecked Sendable {
    /// The sink the demo plays to in this room.
    static let speaker = "distorting_speaker"
    private let reading: Int32
    private let writing: Int32
    private let finished = DispatchSemaphore(value: 0)

    private struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Makes the path in `folder`, the shaped sound `gainDecibels` under what the speaker plays.
    init(folder: String, gainDecibels: Double, environment: [String: String]) throws {
        let played = folder + "/speaker.fifo", shaped = folder + "/shaped.fifo"
        let format = ["format=float32le", "rate=48000", "channels=2"]
        _ = try KioskSoakBenchmark.run(["pactl", "load-module", "module-pipe-sink", "sink_name=\(Self.speaker)", "file=\(played)", "use_system_clock_for_timing=yes"] + format,
                                       environment: environment)
        _ = try KioskSoakBenchmark.run(["pactl", "load-module", "module-pipe-source", "source_name=shaped", "file=\(shaped)"] + format,
                                       environment: environment)
        // Both modules made their FIFOs and hold them open, so neither open waits.
        reading = open(played, O_RDONLY | O_CLOEXEC)
        writing = open(shaped, O_WRONLY | O_CLOEXEC)
        guard reading >= 0, writing >= 0 else {
            throw Failure(description: "cannot open the distorting room's pipes: \(String(cString: strerror(errno)))")
        }
        _ = try KioskSoakBenchmark.run(["pactl", "load-module", "module-loopback", "source=shaped", "sink=room", "latency_msec=20"],
                                       environment: environment)
        let gain = Float(pow(10, gainDecibels / 20))
        let thread = Thread { [self] in shape(gain: gain) }
        thread.name = "distorting room"
        thread.start()
    }

    /// Stops the shaping (the daemon, stopped after it, takes the modules with it).
    func stop() {
        close(reading)
        _ = finished.wait(timeout: .now() + 1)
        close(writing)
    }

    /// Shapes whole samples as they come; a partial sample waits for its other bytes.
    private func shape(gain: Float) {
        let blockBytes = 480 * 2 * 4
        var bytes = [UInt8](repeating: 0, count: blockBytes)
        var pending = 0
        while true {
            let got = bytes.withUnsafeMutableBytes { read(reading, $0.baseAddress! + pending, blockBytes - pending) }
            guard got > 0 else { break }
            pending += got
            let whole = pending / 4 * 4
            bytes.withUnsafeMutableBytes { raw in
                let samples = raw.baseAddress!.assumingMemoryBound(to: Float.self)
                for i in 0..<whole / 4 { samples[i] = SpeakerDistortion.shape(samples[i]) * gain }
            }
            var written = 0
            while written < whole {
                let put = bytes.withUnsafeBytes { write(writing, $0.baseAddress! + written, whole - written) }
                guard put > 0 else { finished.signal(); return }
                written += put
            }
            bytes.withUnsafeMutableBytes { raw in
                if pending > whole { raw.baseAddress!.copyMemory(from: raw.baseAddress! + whole, byteCount: pending - whole) }
            }
            pending -= whole
        }
        finished.signal()
    }
}
