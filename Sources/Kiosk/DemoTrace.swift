import ECS
import Foundation
#if canImport(Glibc)
import Glibc
import Trace
#endif

/// The demo's trace: the same JSON lines as `render --trace`, each with `"wall"` added (the
/// seconds since the demo started, on the monotonic clock, when the step that made it ran).
/// A `loop` line opens each pass of the attract loop; a clap heard by the microphone carries
/// `"onset"` (the wall time its onset reached the microphone stream), `"decided"` (the wall time
/// the detector's block that decided it arrived) and `"strength"` (dB), on its `clap` line or,
/// when the scene refused it, on its `refused` line.
///
/// Lines are written as each frame's steps finish, so a kill loses at most one frame's worth.
/// A write that fails (a full disk) drops those lines and says so once on the log; writing
/// resumes by itself when it can.
final class DemoTrace {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let path: String
    private let sceneClock: FixedStepClock
    private let origin: Double
    private let log: DemoLog
    private var outage = OutageReport()
    private var heardClaps: [(onset: Double, decided: Double, strength: Double)] = []
    /// Lines dropped because they could not be written.
    private(set) var droppedLines = 0

    /// A trace written to `path` ("-" for standard output), its frames counted at the
    /// scene's frame rate (`sceneClock`), its wall times from `origin` on the demo's clock.
    init(path: String, sceneClock: FixedStepClock, origin: Double, log: DemoLog) throws {
        self.path = path
        self.sceneClock = sceneClock
        self.origin = origin
        self.log = log
        if path == "-" {
            descriptor = STDOUT_FILENO
            ownsDescriptor = false
        } else {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw KioskError.unwritable("cannot write the trace to \(path): \(String(cString: strerror(errno)))")
            }
            ownsDescriptor = true
        }
    }

    /// Notes a clap the microphone heard, just before it is given to the simulation; the
    /// next `clap` line from the microphone, or `refused` line for a microphone clap, carries
    /// its onset, when it was decided, and its strength.
    func noteHeardClap(onset: Double, decided: Double, strength: Double) {
        heardClaps.append((onset, decided, strength))
        // A clap injected just as a loop ends never reaches a line; keep only a few.
        if heardClaps.count > 16 { heardClaps.removeFirst(heardClaps.count - 16) }
    }

    /// Writes the line that opens pass `number` of the attract loop, played with `seed`.
    func loopStarted(number: Int, seed: UInt64, wall: Double) {
        let seedValue: TraceValue = Int(exactly: seed).map { .integer($0) } ?? .text(String(seed))
        let line = TraceEvent(t: 0, frame: 0, event: "loop", fields: [TraceField("loop", .integer(number)), TraceField("seed", seedValue)])
        append([line], wall: wall)
    }

    /// Writes `events` from the simulation (frames counted per step) as trace lines, stamped `wall`.
    func write(_ events: [TraceEvent], wall: Double) {
        guard !events.isEmpty else { return }
        append(events.map(sceneEvent), wall: wall)
    }

    /// Closes the file; every line written so far is on disk.
    func close() {
        if ownsDescriptor {
            fsync(descriptor)
            Glibc.close(descriptor)
        }
    }

    /// The event as `render` would trace it: the frame counted at the scene's frame rate
    /// (the simulation behind the demo counts one frame per step), a microphone clap annotated.
    private func sceneEvent(_ event: TraceEvent) -> TraceEvent {
        var event = event
        if event.frame > 0 { event.frame = sceneClock.firstFrame(showingStep: event.frame - 1) }
        if Self.isMicrophoneClap(event), !heardClaps.isEmpty {
            let heard = heardClaps.removeFirst()
            event.fields.append(TraceField("onset", .number(heard.onset - origin)))
            event.fields.append(TraceField("decided", .number(heard.decided - origin)))
            event.fields.append(TraceField("strength", .number(heard.strength)))
        }
        return event
    }

    /// Whether the line answers a clap the microphone heard: the clap itself, or its refusal
    /// (in the clap cooldown, or with the microphone setting off). Each takes the next heard
    /// clap's onset and strength, so the lines after it stay in step with what was heard.
    private static func isMicrophoneClap(_ event: TraceEvent) -> Bool {
        guard event.text("source") == "mic" else { return false }
        return event.event == "clap" || (event.event == "refused" && event.text("input") == "clap")
    }

    private func append(_ events: [TraceEvent], wall: Double) {
        let stamp = ",\"wall\":" + TraceValue.number(wall - origin).json + "}\n"
        var text = ""
        for event in events { text += event.jsonLine.dropLast() + stamp }
        let before = lseek(descriptor, 0, SEEK_CUR)
        if writeAll(Array(text.utf8)) {
            outage.worked("the trace is being written to \(path) again (\(droppedLines) lines were lost)", to: log)
        } else {
            let reason = String(cString: strerror(errno))
            // Never leave half a line for the next lines to follow.
            if before >= 0 {
                _ = ftruncate(descriptor, before)
                _ = lseek(descriptor, before, SEEK_SET)
            }
            droppedLines += events.count
            outage.failed("cannot write the trace to \(path): \(reason); its lines are dropped until it can be written", to: log)
        }
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let n = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += n
            }
            return true
        }
    }
}
