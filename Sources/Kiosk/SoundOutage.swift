import Foundation

/// Sound failing, told by the sound thread (the speaker cannot be opened, or its server died)
/// to the demo's loop, which traces it: once when it starts failing, not once per retry, and
/// once more only if it works again and then fails again. Play never waits for it.
final class SoundOutage: @unchecked Sendable {
    private let lock = NSLock()
    private var failing = false
    private var untraced: String?

    /// The speaker failed, for `reason`; noted for the trace if it was working until now.
    func failed(_ reason: String) {
        lock.lock()
        defer { lock.unlock() }
        guard !failing else { return }
        failing = true
        untraced = reason
    }

    /// The speaker plays again.
    func worked() {
        lock.lock()
        defer { lock.unlock() }
        failing = false
    }

    /// The reason of a failure not yet traced, once; nil when there is none.
    func takeUntraced() -> String? {
        lock.lock()
        defer { lock.unlock() }
        defer { untraced = nil }
        return untraced
    }
}
