/// A logical time: a peer's Lamport clock and its index as the tie-break. Stamps order every
/// write in the session the same way on every peer, whatever order messages arrive in.
public struct Stamp: Sendable, Hashable, Comparable {
    /// The Lamport clock when the write was made.
    public var clock: UInt64
    /// The writer's index in the session's peer list.
    public var peer: UInt16

    /// A stamp from its parts.
    public init(clock: UInt64, peer: UInt16) {
        self.clock = clock
        self.peer = peer
    }

    /// The stamp of the scene's starting cast: before every write.
    public static let origin = Stamp(clock: 0, peer: 0)

    public static func < (a: Stamp, b: Stamp) -> Bool {
        a.clock != b.clock ? a.clock < b.clock : a.peer < b.peer
    }
}
