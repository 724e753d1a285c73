/// Growing waits between reconnection attempts: 100 ms, doubled each failure, at most 2 s.
public struct Backoff: Sendable {
    /// The first wait, in seconds.
    public let initial: Double
    /// The longest wait, in seconds.
    public let maximum: Double
    /// The wait before the next attempt, in seconds.
    public private(set) var current: Double

    /// Waits from `initial` up to `maximum` seconds.
    public init(initial: Double = 0.1, maximum: Double = 2) {
        self.initial = initial
        self.maximum = maximum
        current = initial
    }

    /// After a failed attempt: the next wait grows.
    public mutating func failed() { current = min(maximum, current * 2) }

    /// After a success: start small again.
    public mutating func succeeded() { current = initial }
}
