import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The time the demo loop follows, in seconds, and its way of waiting for it.
protocol DemoClock: AnyObject {
    /// The reading now, in seconds.
    var now: Double { get }
    /// Waits until the reading is `deadline`, or until `wakeUp` is signalled (a clap heard).
    func wait(until deadline: Double, wakeUp: LoopWakeUp?)
}

/// The real monotonic clock (CLOCK_MONOTONIC): never jumps when the wall-clock time is set,
/// and the same clock other processes on the machine read, so a test can line events up.
final class MonotonicClock: DemoClock {
    /// A clock; readings count from the machine's boot.
    init() {}

    /// CLOCK_MONOTONIC in seconds.
    static func seconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    var now: Double { Self.seconds() }

    func wait(until deadline: Double, wakeUp: LoopWakeUp?) {
        let seconds = deadline - now
        guard seconds > 0 else { return }
        if let wakeUp {
            wakeUp.wait(seconds: seconds)
        } else {
            Thread.sleep(forTimeInterval: seconds)
        }
    }
}

/// A clock that jumps to whatever the loop waits for: hours of the demo run as fast as the
/// machine can step and draw them. For tests of long runs (memory, open files), never for
/// a kiosk.
final class VirtualClock: DemoClock {
    private(set) var now: Double

    /// A clock reading `start`.
    init(start: Double = 0) { now = start }

    func wait(until deadline: Double, wakeUp: LoopWakeUp?) {
        if deadline > now { now = deadline }
    }

    /// Time passing while the loop works: how a test makes a frame slow.
    func advance(by seconds: Double) { now += max(0, seconds) }
}

/// Lets another thread (the microphone's) cut the loop's wait short.
final class LoopWakeUp: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    /// An idle wake-up.
    init() {}

    /// Ends the current (or the next) wait early.
    func signal() { semaphore.signal() }

    /// Waits up to `seconds`, or until signalled.
    func wait(seconds: Double) {
        _ = semaphore.wait(timeout: .now() + .nanoseconds(Int(min(seconds, 3_600) * 1e9)))
    }
}
