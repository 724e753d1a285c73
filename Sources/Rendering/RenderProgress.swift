import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How `render` tells a person how it is going: a bar on standard error when that is a
/// terminal (frame, speed, time left), redrawn a few times a second; otherwise nothing until
/// the one summary line; with --quiet, nothing at all.
public struct RenderProgress {
    /// How it shows: a bar on a terminal, the summary line alone, or nothing.
    public enum Style: Sendable { case bar, summaryOnly, silent }

    /// How it shows.
    public let style: Style
    /// Frames in all.
    public let total: Int
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant

    /// A progress of `total` frames; nothing at all when `quiet`.
    public init(total: Int, quiet: Bool) {
        self.total = total
        style = quiet ? .silent : (isatty(2) == 1 ? .bar : .summaryOnly)
        start = clock.now
        lastDrawn = start
    }

    /// Seconds since the render started.
    public var elapsed: Double { Self.seconds(clock.now - start) }

    /// Shows `done` frames done (redrawn at most ten times a second).
    public mutating func update(done: Int) {
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
    public func finish(summary: String) {
        switch style {
        case .silent: return
        case .bar: fputs("\r\u{1B}[K" + summary + "\n", stderr)
        case .summaryOnly: fputs(summary + "\n", stderr)
        }
    }

    /// Clears an unfinished bar before an error message.
    public func abandon() {
        if style == .bar { fputs("\r\u{1B}[K", stderr) }
    }

    /// A duration in seconds.
    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
