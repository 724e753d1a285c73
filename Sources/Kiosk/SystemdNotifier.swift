import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// systemd's notify protocol (`sd_notify`), spoken directly: datagrams of `KEY=value` lines to
/// the Unix socket in `$NOTIFY_SOCKET` (a leading `@` is the abstract namespace), no libsystemd.
/// The demo says `READY=1` once it runs, `WATCHDOG=1` from its frame loop (so a loop stuck in
/// an X call or a deadlock stops them, and systemd's `WatchdogSec=` restarts it) and a `STATUS=`
/// line with its frame rate and the claps heard. Not under systemd, there is none: nothing is
/// sent and nothing is said.
final class SystemdNotifier {
    private let socket: Int32
    private var address = sockaddr_un()
    private let addressLength: socklen_t
    /// How often `WATCHDOG=1` is sent: half of what systemd asks for (`$WATCHDOG_USEC`); nil
    /// when it asks for none.
    let heartbeatInterval: Double?
    private var lastHeartbeat = -Double.infinity
    private var lastStatus = -Double.infinity
    private var framesAtStatus = 0

    /// A notifier for the socket `environment` names; nil when it names none (not under systemd),
    /// names one for another process (`$WATCHDOG_PID`) or the socket cannot be made.
    init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty, path.utf8.count < 108 else { return nil }
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        socket = fd
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
        }
        addressLength = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let forUs = environment["WATCHDOG_PID"].flatMap { pid_t($0) }.map { $0 == getpid() } ?? true
        heartbeatInterval = environment["WATCHDOG_USEC"].flatMap(Double.init).flatMap { forUs && $0 > 0 ? $0 / 2_000_000 : nil }
    }

    deinit { close(socket) }

    /// Sends `message` (newline-separated `KEY=value` assignments) as one datagram; a failure is
    /// ignored, as sd_notify's callers do: a missing supervisor must never stop the show.
    func send(_ message: String) {
        var target = address
        let bytes = Array(message.utf8)
        _ = withUnsafePointer(to: &target) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL), $0, addressLength) }
        }
    }

    /// The demo is up: its loop runs.
    func ready(status: String) {
        send("READY=1\nSTATUS=\(status)")
    }

    /// Called from the frame loop on every turn: a heartbeat when one is due, and every 5 s a
    /// status with the frames shown per second since the last one and the claps heard.
    func loopTurned(at now: Double, framesShown: Int, claps: Int) {
        if let heartbeatInterval, now - lastHeartbeat >= heartbeatInterval {
            lastHeartbeat = now
            send("WATCHDOG=1")
        }
        if now - lastStatus >= 5 {
            if lastStatus.isFinite {
                let rate = Double(framesShown - framesAtStatus) / (now - lastStatus)
                send(String(format: "STATUS=showing %.1f fps, %d clap%@ heard", rate, claps, claps == 1 ? "" : "s"))
            }
            lastStatus = now
            framesAtStatus = framesShown
        }
    }

    /// The demo is stopping.
    func stopping() {
        send("STOPPING=1")
    }
}
