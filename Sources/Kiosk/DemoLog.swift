import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The demo's log: one line per event on standard error (journald keeps it for a kiosk),
/// stamped with the seconds since the demo started, so it lines up with the trace's `wall`.
/// Written from several threads (loop, microphone, speaker), one whole line at a time.
final class DemoLog: @unchecked Sendable {
    private let lock = NSLock()
    /// The clock reading its stamps count from.
    let origin: Double
    private let clock: () -> Double

    /// A log whose stamps count from `origin` on `clock`.
    init(origin: Double, clock: @escaping () -> Double) {
        self.origin = origin
        self.clock = clock
    }

    /// Writes `message` as one line.
    func line(_ message: String) {
        let stamp = String(format: "%.3f", clock() - origin)
        let text = "aria-render: [\(stamp) s] \(message)\n"
        lock.lock()
        defer { lock.unlock() }
        fputs(text, stderr)
        fflush(stderr)
    }
}

/// Says once that something is failing and once that it works again, however many times it
/// is retried in between: a kiosk's log stays readable through an hour of outage.
struct OutageReport {
    private var failing = false

    /// Reports `message` if this is the first failure since it last worked.
    mutating func failed(_ message: @autoclosure () -> String, to log: DemoLog) {
        guard !failing else { return }
        failing = true
        log.line(message())
    }

    /// Reports `message` if it had been failing (or always, when `always`).
    mutating func worked(_ message: @autoclosure () -> String, to log: DemoLog, always: Bool = false) {
        guard failing || always else { return }
        failing = false
        log.line(message())
    }
}
