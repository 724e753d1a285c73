import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How `render` tells a person how it is going: a bar on standard error when that is a
/// terminal (frame, speed, time left), redrawn a few times a second; otherwise nothing until
/// the one summary line; with --quiet, nothing at all.
struct RenderProgress {
    enum Style { case bar, summaryOnly, silent }

    let style: Style
    let total: Int
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant

    init(total: Int, quiet: Bool) {
        self.total = total
        style = quiet ? .silent : (isatty(2) == 1 ? .bar : .summaryOnly)
        start = clock.now
        lastDrawn = start
    }

    /// Seconds since the render started.
    var elapsed: Double { Self.seconds(clock.now - start) }

    mutating func update(done: Int) {
        guard style == .bar else { return }
        let now = clock.now
        guard done == total || now - lastDrawn > .milliseconds(100) else { return }
        lastDrawn = now
        let seconds = max(elapsed, 1e-6)
        let fps = Double(done) / seconds
        let left = fps > 0 ? Double(total - done) / fps : 0
        let width = 28
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        let line = "\r\(bar) frame \(done)/\(total)  \(String(format: "%.1f", fps)) fps  \(String(format: "%.1f", left)) s left "
        fputs(line, stderr)
    }

    /// Ends the bar and prints the summary line (unless silent).
    func finish(summary: String) {
        switch style {
        case .silent: return
        case .bar: fputs("\r\u{1B}[K" + summary + "\n", stderr)
        case .summaryOnly: fputs(summary + "\n", stderr)
        }
    }

    /// Clears an unfinished bar before an error message.
    func abandon() {
        if style == .bar { fputs("\r\u{1B}[K", stderr) }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
