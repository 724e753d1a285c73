/// How many messages a session sent and what became of their copies.
public struct SessionCounts: Sendable, Equatable {
    /// Messages sent (a broadcast counts once).
    public var sent = 0
    /// Copies that reached a peer in the session.
    public var delivered = 0
    /// Copies lost (loss, partition, offline).
    public var lost = 0
    /// Copies the validator turned away.
    public var rejected = 0

    /// No messages yet.
    public init() {}
}
