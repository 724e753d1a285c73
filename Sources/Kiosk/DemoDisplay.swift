import Audio
import Drawing
import Foundation
import Output

/// Where the demo's frames are shown. Showing never fails the demo: an output that is gone
/// is reported once and retried with a growing back-off while the scene plays on.
protocol DemoDisplay: AnyObject {
    /// Shows `frame`; it is frame number `index` of the run (for names of files). A frame that
    /// goes nowhere (no window, a write that fails) is simply not counted in `framesShown`.
    func show(_ frame: FramePixels, index: Int)
    /// Frames that really reached the output so far: presented in a window, or written to a
    /// file. Final once `close()` has returned.
    var framesShown: Int { get }
    /// Whether a frame would go anywhere now: while the output is away and not yet due for
    /// a retry, frames are not even drawn.
    var wantsFrame: Bool { get }
    /// Whether someone asked to close the window (the demo then stops).
    var closeRequested: Bool { get }
    /// Finishes what is being written and lets go of the output.
    func close()
    /// The touches (pointer presses) since the last call, in window fractions 0…1 and in order.
    func takeTouches() -> [TouchSample]
}

extension DemoDisplay {
    /// A display nobody can touch has no touches.
    func takeTouches() -> [TouchSample] { [] }
}

/// One pointer event on the display, where it happened as a fraction of the window's width
/// and height (so it maps onto any canvas), and when, on the demo's clock.
struct TouchSample: Equatable {
    var phase: PointerPhase
    var x: Double
    var y: Double
    var time: Double
}

/// An X11 window: full-screen (the kiosk) or of a given size. When the X server goes away,
/// the window is dropped and a new one is opened once the server is back.
final class WindowDisplay: DemoDisplay {
    private let size: (width: Int, height: Int)?
    private let clock: DemoClock
    private let log: DemoLog
    private var window: X11Window?
    private var backoff = Backoff(initial: 0.25, maximum: 5)
    private var nextAttempt = 0.0
    private var outage = OutageReport()
    private(set) var closeRequested = false
    private(set) var framesShown = 0
    private var touches: [TouchSample] = []

    /// A window of `size` (nil: full-screen) on `$DISPLAY`, opened at once if possible.
    init(size: (width: Int, height: Int)?, clock: DemoClock, log: DemoLog) {
        self.size = size
        self.clock = clock
        self.log = log
        open()
    }

    var wantsFrame: Bool { window != nil || clock.now >= nextAttempt }

    /// The size the window has now, if there is one.
    var windowSize: (width: Int, height: Int)? { window.map { ($0.width, $0.height) } }

    func show(_ frame: FramePixels, index: Int) {
        if window == nil && clock.now >= nextAttempt { open() }
        guard let window else { return }
        let shown = window.present(bgra: frame.base, width: frame.width, height: frame.height, stride: frame.stride)
        if shown { framesShown += 1 }
        let events = window.pollEvents()
        if events.contains(.closeRequested) { closeRequested = true }
        for case let .pointer(phase, x, y) in events {
            touches.append(TouchSample(phase: phase, x: Double(x) / Double(max(window.width, 1)),
                                       y: Double(y) / Double(max(window.height, 1)), time: clock.now))
        }
        if !shown || events.contains(.disconnected) {
            self.window = nil
            nextAttempt = clock.now + backoff.current
            outage.failed("display: lost the X server on \(window.displayName); showing again when it is back", to: log)
        }
    }

    func close() { window = nil }

    func takeTouches() -> [TouchSample] {
        defer { touches.removeAll() }
        return touches
    }

    private func open() {
        do {
            window = try X11Window(display: nil, size: size, title: "Aria's Magic")
            backoff.succeeded()
            if let window {
                outage.worked("display: showing on \(window.displayName) (\(window.width)x\(window.height))", to: log, always: true)
            }
        } catch {
            outage.failed("display: \(error); retrying", to: log)
            nextAttempt = clock.now + backoff.current
            backoff.failed()
        }
    }
}

/// A folder of PNGs instead of a screen, `frame_00000.png`… in the order they were shown. A
/// write that fails (a full disk, a folder gone) drops frames, says so once, and is retried
/// with a growing back-off; the numbers go on counting, so a gap shows how long it lasted.
///
/// A frame counts as shown once its file is there: the PNGs are written by an encoder thread
/// (staged, then renamed), so a frame handed over is confirmed when its file appears, and a
/// write that fails is found out a frame or two later. A file left by an earlier run under
/// the same name is removed before its frame is handed over, so it is never taken for one.
final class FramesFolder: DemoDisplay {
    private let folder: String
    private let clock: DemoClock
    private let log: DemoLog
    private var sink: PNGSequenceSink?
    private var backoff = Backoff(initial: 0.25, maximum: 5)
    private var nextAttempt = 0.0
    private var outage = OutageReport()
    private var missingFrom: Int?  // the first frame not written in the current outage
    private var handedOver: [Int] = []  // frames given to the sink whose files have not been seen yet
    private(set) var framesShown = 0
    let closeRequested = false

    var wantsFrame: Bool { sink != nil || clock.now >= nextAttempt }

    /// Frames written into `folder` (made if needed).
    init(folder: String, clock: DemoClock, log: DemoLog) {
        self.folder = folder
        self.clock = clock
        self.log = log
    }

    func show(_ frame: FramePixels, index: Int) {
        if sink == nil && clock.now >= nextAttempt {
            do {
                // One encoder thread: the other core draws the next frame.
                sink = try PNGSequenceSink(folder: folder, workers: 1, live: true)
            } catch {
                fail(error, at: index)
            }
        }
        guard let sink else { return }
        confirmWritten()
        unlink(path(of: index))
        do {
            try sink.consume(frame, index: index)
            handedOver.append(index)
            if let first = missingFrom {
                missingFrom = nil
                // A worker's failure is seen one frame late: the gap may start a frame earlier.
                outage.worked("frames: writing to \(folder) again (frames from about \(first) to \(index - 1) are missing)", to: log)
            }
        } catch {
            // A sink that failed keeps failing: let it go, and start a new one later.
            sink.cancel()
            self.sink = nil
            confirmWritten(finally: true)
            fail(error, at: index)
        }
    }

    func close() {
        guard let sink else { return }
        do {
            _ = try sink.finish()
        } catch {
            sink.cancel()
            log.line("frames: \(error)")
        }
        self.sink = nil
        confirmWritten(finally: true)
    }

    /// Counts the frames handed over whose files are there now; when `finally` (the sink is
    /// finished or cancelled, so nothing more will be written), the others are given up.
    private func confirmWritten(finally: Bool = false) {
        handedOver.removeAll { index in
            guard access(path(of: index), F_OK) == 0 else { return finally }
            framesShown += 1
            return true
        }
        // The encoder holds only a frame or two: a file still missing after eight more were
        // handed over was written and taken away again (a folder emptied by hand), never shown for sure.
        if handedOver.count > 8 { handedOver.removeFirst(handedOver.count - 8) }
    }

    private func path(of index: Int) -> String {
        folder + "/" + PNGSequenceSink.fileName(ofFrame: index)
    }

    private func fail(_ error: Error, at index: Int) {
        if missingFrom == nil { missingFrom = index }
        outage.failed("frames: \(error); dropping frames and retrying", to: log)
        nextAttempt = clock.now + backoff.current
        backoff.failed()
    }
}
