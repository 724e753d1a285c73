import Foundation

/// The one way the tests wait: for a condition, checked every `interval` seconds, never for a
/// fixed time. True as soon as `condition` holds; false once `timeout` seconds have passed, or
/// once `stillPossible` says it can no longer come true (the program it waits on has ended)
/// and a last look finds it still false. A fixed sleep is either too short on a loaded machine
/// or too long on a quiet one; a poll is neither.
@discardableResult
public func waitUntil(every interval: Double = 0.02, timeout: Double, stillPossible: () -> Bool = { true },
                 until condition: () throws -> Bool) rethrows -> Bool {
    let deadline = monotonicSeconds() + timeout
    while true {
        if try condition() { return true }
        if !stillPossible() { return try condition() }
        if monotonicSeconds() >= deadline { return false }
        Thread.sleep(forTimeInterval: max(0, min(interval, deadline - monotonicSeconds())))
    }
}

/// A condition a test waited for that did not come true in time.
public struct PollTimeout: Error, CustomStringConvertible {
    public let description: String
}

/// Polls as `waitUntil` does and throws `PollTimeout` ("waited 10 s for <what>, in vain") when the
/// condition does not come true, so a test fails with what it was waiting for.
public func waitFor(_ what: @autoclosure () -> String, within timeout: Double, every interval: Double = 0.02,
                    stillPossible: () -> Bool = { true }, until condition: () throws -> Bool) throws {
    let started = monotonicSeconds()
    guard try waitUntil(every: interval, timeout: timeout, stillPossible: stillPossible, until: condition) else {
        let waited = String(format: "%.1f", monotonicSeconds() - started)
        throw PollTimeout(description: "waited \(waited) s (at most \(timeout) s) for \(what()), in vain")
    }
}
