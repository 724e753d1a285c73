import Audio
import Foundation

/// What the log says of the demo's own echo filter: one line when it first finds the echo,
/// then at most one a minute, only when it lost the echo in that minute (how long it was on
/// it, so an installer sees how often the playback gate took over). The filter may find and
/// lose a quiet scene's sparse sound several times a second; a line each time would flood the
/// journal of a kiosk that runs for weeks.
struct EchoFilterReport {
    private var found = false
    private var wasCancelling = false
    private var losses = 0
    private var seconds = 0.0
    private var cancellingSeconds = 0.0

    static let period = 60.0

    /// Notes `seconds` more of the microphone through `canceller`, and logs as above.
    mutating func note(_ canceller: EchoCanceller, seconds more: Double, to log: DemoLog) {
        let now = canceller.isCancelling
        if now && !found {
            found = true
            log.line(String(format: "echo cancellation: the demo's own sound found %.0f ms behind its playing, %.0f dB taken out; the playback gate opens",
                            (canceller.delay ?? 0) * 1_000, canceller.typicalReduction))
            seconds = 0
            cancellingSeconds = 0
            losses = 0
        }
        if wasCancelling && !now { losses += 1 }
        wasCancelling = now
        guard found else { return }
        seconds += more
        if now { cancellingSeconds += more }
        guard seconds >= Self.period else { return }
        if losses > 0 {
            log.line(String(format: "echo cancellation: on the demo's own sound %.0f %% of the last minute (lost %d time%@, the playback gate meanwhile); "
                            + "now %@, %.0f ms, %.0f dB taken out",
                            100 * cancellingSeconds / seconds, losses, losses == 1 ? "" : "s", now ? "on it" : "looking",
                            (canceller.delay ?? 0) * 1_000, canceller.typicalReduction))
        }
        seconds = 0
        cancellingSeconds = 0
        losses = 0
    }
}
