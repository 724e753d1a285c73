/// One device in a shared session: a child on the call, by name, with when it is there.
public struct SessionPeer: Sendable, Equatable {
    /// Its name, unique in the session; timeline entries name it with `peer:`.
    public var name: String
    /// Scene time it leaves the session (sends bye, goes offline), or nil.
    public var leave: Double?
    /// Scene time it comes back (hello, gets the snapshot, then the stream), or nil.
    public var rejoin: Double?

    /// A peer from its parts.
    public init(name: String, leave: Double? = nil, rejoin: Double? = nil) {
        self.name = name
        self.leave = leave
        self.rejoin = rejoin
    }

    /// Whether it is in the session at scene time `time`.
    public func isOnline(at time: Double) -> Bool {
        guard let leave, time >= leave else { return true }
        guard let rejoin else { return false }
        return time >= rejoin
    }
}

/// A span of time in which some peers are cut off from the others (and the others from them).
public struct NetworkPartition: Sendable, Equatable {
    /// When it starts, in scene seconds.
    public var start: Double
    /// When it heals.
    public var end: Double
    /// The peers on one side; everyone else is on the other.
    public var peers: [String]

    /// A partition from its parts.
    public init(start: Double, end: Double, peers: [String]) {
        self.start = start
        self.end = end
        self.peers = peers
    }
}

/// The seeded model of the network between the peers (docs/sync-format.md, "Network model").
public struct NetworkModel: Sendable, Equatable {
    /// One-way delay of every message, in seconds.
    public var latency: Double = 0.05
    /// Extra delay drawn uniformly from 0…jitter, in seconds.
    public var jitter: Double = 0.02
    /// Chance a message is lost.
    public var loss: Double = 0
    /// Chance a message arrives twice.
    public var duplicate: Double = 0
    /// Chance a message is held back (up to two latencies more), so that it overtakes or is overtaken.
    public var reorder: Double = 0
    /// Chance a message's bytes are damaged on the way (one byte changed).
    public var corrupt: Double = 0
    /// Spans of time in which the network is split.
    public var partitions: [NetworkPartition] = []

    /// A model with every default: 50 ms ± 20 ms, nothing lost.
    public init() {}

    /// Whether `a` and `b` are on different sides of a partition at scene time `time`.
    public func isSplit(_ a: String, _ b: String, at time: Double) -> Bool {
        partitions.contains { partition in
            time >= partition.start && time < partition.end && partition.peers.contains(a) != partition.peers.contains(b)
        }
    }
}

/// The scene file's `session:` — who plays together and over what network.
public struct SessionDescription: Sendable, Equatable {
    /// The peers, 2…8, in the file's order; the first one's view is the scene's own.
    public var peers: [SessionPeer]
    /// The network between them.
    public var network = NetworkModel()
    /// Position/scale updates sent per second per character at most (the app's throttle);
    /// the last one is always sent.
    public var updatesPerSecond = 10
    /// Seconds between each peer's state snapshots (anti-entropy: what a lost message missed).
    public var resync = 1.0
    /// Seconds after the network heals and inputs stop within which the peers must agree
    /// (`sync-check` fails past it).
    public var settle = 3.0
    /// Seed of the network model (the scene's seed when nil); `sync-check` varies it.
    public var networkSeed: UInt64?

    /// A session of `peers` with the defaults.
    public init(peers: [SessionPeer]) { self.peers = peers }

    /// The most peers a session may have.
    public static let maxPeers = 8

    /// The names of the peers, in order.
    public var names: [String] { peers.map(\.name) }

    /// When the network last heals: the end of the last partition and the last rejoin.
    public var lastHeal: Double {
        let ends = network.partitions.map(\.end) + peers.compactMap { $0.rejoin ?? $0.leave }
        return ends.max() ?? 0
    }
}
