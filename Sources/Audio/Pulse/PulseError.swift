import CPulse
#if canImport(Glibc)
import Glibc
#endif

/// A PulseAudio failure, as one line a person can act on.
public struct PulseError: Error, CustomStringConvertible, Equatable {
    /// libpulse's error code.
    public let code: Int32
    /// What was being attempted.
    public let action: String

    /// The failure of `action` with libpulse error `code`.
    public init(code: Int32, action: String) {
        self.code = code
        self.action = action
    }

    /// One line, naming the server when the environment chose one, and blaming the device
    /// rather than the server when only the device is missing.
    public var description: String {
        let reason = pa_strerror(code).map { String(cString: $0) } ?? "error \(code)"
        let server = getenv("PULSE_SERVER").map { " at \(String(cString: $0))" } ?? ""
        if code == Int32(PA_ERR_NOENTITY.rawValue) {
            return "PulseAudio server\(server) has no such device (\(action)): check the name with `pactl list short sources` or `sinks`"
        }
        return "PulseAudio server\(server) not usable (\(action)): \(reason)"
    }
}
