import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private Xvfb screen of the test's own, on a display number Xvfb itself finds free
/// (`-displayfd`), so tests in parallel each get their own and none reaches another's. It can
/// be killed and started again on the same display, as an X server that goes away and comes
/// back. Every wait has a limit; the server is killed when the value goes away.
public final class XvfbDisplay {
    /// The display number (-1 before the first start).
    public private(set) var number = -1
    public let width: Int
    public let height: Int
    private var server: Subprocess?

    /// The display's name, as DISPLAY takes it.
    public var display: String { ":\(number)" }

    /// Starts a screen of `width` × `height` pixels, 24 bits deep.
    public init(width: Int = 640, height: Int = 360) throws {
        self.width = width
        self.height = height
        try start()
    }

    deinit { stop() }

    /// Starts the server (on its first start, on a display it picks and writes on its standard
    /// output; afterwards on the same one) and waits, at most 10 s, until it accepts connections.
    public func start() throws {
        // -noreset: an X server resets when its last client leaves and refuses a client that
        // connects meanwhile (a window closed and the next opened at once: one in five here),
        // so a test whose windows or screen reads follow one another would fail at random.
        let screen = ["-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        let server = try Subprocess("Xvfb", (number < 0 ? ["-displayfd", "1"] : [display]) + screen)
        self.server = server
        let accepting = waitUntil(every: 0.05, timeout: 10, stillPossible: { server.isRunning }) {
            if number < 0, server.standardOutput.hasSuffix("\n") {
                number = Int(server.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            }
            return number >= 0 && FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
        }
        if accepting { return }
        let log = server.standardError
        stop()
        throw FixtureError("Xvfb did not start: \(log)")
    }

    /// Sends the server `signal`: SIGSTOP freezes it as a hung X server would, SIGCONT thaws it.
    public func send(_ signal: Int32) {
        server?.send(signal)
    }

    /// Kills the server at once (SIGKILL), as a crash would, and removes the lock and socket it
    /// leaves (only when it was running: a server that failed to start never held them).
    public func stop() {
        guard let server else { return }
        let wasRunning = server.isRunning
        server.send(SIGKILL)
        server.finish(timeout: 5)
        self.server = nil
        guard wasRunning, number >= 0 else { return }
        unlink("/tmp/.X\(number)-lock")
        unlink("/tmp/.X11-unix/X\(number)")
    }

    /// The screen's pixels as RGB bytes, row by row, through xwd and ImageMagick.
    public func screenshot() throws -> [UInt8] {
        let raw = NSTemporaryDirectory() + "aria-screen-\(getpid())-\(UUID().uuidString.prefix(8)).rgb"
        defer { unlink(raw) }
        let result = try Subprocess.run("/bin/sh", ["-c", "xwd -root -silent -display \(display) | convert xwd:- -depth 8 rgb:\(raw)"],
                                        timeout: 20)
        let bytes = FileManager.default.contents(atPath: raw).map { [UInt8]($0) } ?? []
        guard result.status == 0, bytes.count == width * height * 3 else {
            throw FixtureError("no screenshot of \(display): \(result.standardError)")
        }
        return bytes
    }

    /// The (red, green, blue) of the screen's pixel at `x`, `y`.
    public func pixel(x: Int, y: Int) throws -> (Int, Int, Int) {
        guard (0..<width).contains(x), (0..<height).contains(y) else {
            throw FixtureError("(\(x), \(y)) is outside the \(width)×\(height) screen")
        }
        let bytes = try screenshot()
        let at = (y * width + x) * 3
        return (Int(bytes[at]), Int(bytes[at + 1]), Int(bytes[at + 2]))
    }
}
