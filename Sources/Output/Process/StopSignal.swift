import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP (Ctrl-C, `systemctl stop`, a closed terminal) ask the demo (or a render) to stop; the loop sees it
/// within one step and shuts down cleanly: trace flushed, streams closed, exit 0. A second
/// signal while it shuts down ends the process at once (exit 128 + the signal).
public enum StopSignal {
    private static let received = Atomic<Int32>(0)

    /// Installs the handlers; SIGPIPE is ignored so that a server closing a socket (X,
    /// PulseAudio) is an error to handle, not the end of the process.
    public static func install() {
        _ = received.load(ordering: .relaxed)  // initialise the global before a handler can touch it
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            // Only async-signal-safe work here: an atomic exchange, and _exit.
            if StopSignal.received.exchange(number, ordering: .relaxed) != 0 { _exit(128 + number) }
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        sigaction(SIGHUP, &action, nil)
        signal(SIGPIPE, SIG_IGN)
        // A parent may have started us with these blocked (a mask is inherited): unblock them.
        var stops = sigset_t()
        sigemptyset(&stops)
        sigaddset(&stops, SIGINT)
        sigaddset(&stops, SIGTERM)
        sigaddset(&stops, SIGHUP)
        pthread_sigmask(SIG_UNBLOCK, &stops, nil)
    }

    /// The signal that asked for a stop, or nil.
    public static var requested: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
