import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import Kiosk
import TestSupport
import Testing

/// A Unix datagram socket of the test's own that listens as systemd does for `sd_notify`:
/// every datagram it receives, with the moment it came.
final class NotifyListener: @unchecked Sendable {
    let path: String
    private let fd: Int32
    private let lock = NSLock()
    private var received: [(time: Double, text: String)] = []
    private var open = true

    /// Binds `path` (a leading `@` is the abstract namespace) and starts receiving.
    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 } else { unlink(path) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard fd >= 0, bound == 0 else { throw FixtureError("cannot bind \(path): errno \(errno)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let thread = Thread { [self] in receive() }
        thread.start()
    }

    deinit { close() }

    func close() {
        lock.lock()
        let was = open
        open = false
        lock.unlock()
        guard was else { return }
        Thread.sleep(forTimeInterval: 0.15)
        Glibc.close(fd)
        if !path.hasPrefix("@") { unlink(path) }
    }

    /// What has come so far.
    var messages: [(time: Double, text: String)] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    func count(_ text: String) -> Int { messages.filter { $0.text.components(separatedBy: "\n").contains(text) }.count }

    private func receive() {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            lock.lock()
            let still = open
            lock.unlock()
            guard still else { return }
            let got = recv(fd, &buffer, buffer.count, 0)
            guard got > 0 else { continue }
            let text = String(decoding: buffer[0..<got], as: UTF8.self)
            lock.lock()
            received.append((monotonicSeconds(), text))
            lock.unlock()
        }
    }
}

/// The demo under systemd: `READY=1`, heartbeats from its frame loop, a status line; nothing
/// when not under systemd; and no heartbeat while its frame loop is stuck.
@Suite(.serialized) struct SystemdWatchdogTests {
    @Test func notUnderSystemdThereIsNoNotifier() {
        #expect(SystemdNotifier(environment: [:]) == nil)
        #expect(SystemdNotifier(environment: ["NOTIFY_SOCKET": ""]) == nil)
    }

    @Test func theNotifierSpeaksTheProtocolToAnAbstractSocketAndHalvesTheWatchdogInterval() throws {
        let name = "@aria-notify-test-\(getpid())"
        let listener = try NotifyListener(path: name)
        defer { listener.close() }
        let notifier = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": name, "WATCHDOG_USEC": "4000000"]))
        #expect(notifier.heartbeatInterval == 2)
        notifier.ready(status: "starting")
        notifier.loopTurned(at: 100, framesShown: 0, claps: 0)
        notifier.loopTurned(at: 101, framesShown: 30, claps: 0)     // no heartbeat yet: 1 s < 2 s
        notifier.loopTurned(at: 102, framesShown: 60, claps: 1)
        notifier.loopTurned(at: 105, framesShown: 150, claps: 2)   // a status: 150 frames in 5 s
        #expect(waitUntil(timeout: 2) { listener.messages.count >= 5 })
        let texts = listener.messages.map(\.text)
        #expect(texts.first == "READY=1\nSTATUS=starting")
        #expect(listener.count("WATCHDOG=1") == 3, "\(texts)")
        #expect(texts.contains("STATUS=showing 30.0 fps, 2 claps heard"), "\(texts)")
        let other = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": name, "WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "1"]))
        #expect(other.heartbeatInterval == nil, "a watchdog meant for another process")
    }

    @Test func heartbeatsStopWhileTheFrameLoopIsStuckInAnXCallAndComeBackAfter() throws {
        let screen = try XvfbDisplay(width: 320, height: 180)
        defer { screen.stop() }
        let socketPath = NSTemporaryDirectory() + "aria-notify-\(getpid()).sock"
        let listener = try NotifyListener(path: socketPath)
        defer { listener.close() }
        let demo = try AriaRenderTool.start(["demo", "--no-sound", "--no-mic", "--duration", "14"],
                                            environment: ["DISPLAY": screen.display, "NOTIFY_SOCKET": socketPath, "WATCHDOG_USEC": "400000"])
        defer { demo.send(SIGTERM); demo.finish(timeout: 5) }
        #expect(waitUntil(timeout: 10) { listener.count("WATCHDOG=1") >= 5 }, "\(demo.standardError)")
        #expect(listener.messages.first?.text.hasPrefix("READY=1\n") == true)
        // The X server hangs: the loop's next frame blocks in Xlib.
        screen.send(SIGSTOP)
        Thread.sleep(forTimeInterval: 0.8)
        let frozen = listener.count("WATCHDOG=1")
        Thread.sleep(forTimeInterval: 2)
        let during = listener.count("WATCHDOG=1") - frozen
        screen.send(SIGCONT)
        #expect(waitUntil(timeout: 5) { listener.count("WATCHDOG=1") >= frozen + during + 3 }, "heartbeats come back once X answers")
        #expect(during == 0, "no heartbeat for 2 s while the loop is stuck (systemd would restart it after WatchdogSec)")
        #expect(waitUntil(timeout: 12) { listener.messages.contains { $0.text.hasPrefix("STATUS=showing ") && $0.text.hasSuffix("0 claps heard") } })
        print("watchdog: \(frozen) heartbeats before the X server hung, \(during) while it hung")
    }
}
