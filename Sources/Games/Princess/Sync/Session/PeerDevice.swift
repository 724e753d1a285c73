import Princess

/// One child's device in a shared session: its own world running the scene's systems, what
/// it knows of the shared state, and its side of the message streams.
final class PeerDevice {
    let index: Int
    let name: String
    let simulation: SceneSimulation
    var replica: ReplicaState
    /// Its Lamport clock: above every clock it has sent or received.
    var clock: UInt64 = 0
    /// Messages it has sent.
    var sequence: UInt32 = 0
    /// Whether it is in the session now.
    var online = true
    /// Per sender, the sequence numbers received (duplicates are dropped by them).
    var received: [Set<UInt32>]
    /// Characters moved or pinched here whose update is not sent yet (the throttle).
    var unsent: Set<String> = []
    /// The step each character's last update was sent at.
    var lastUpdate: [String: Int] = [:]
    /// What the world shows, by id (kept up to date as changes are applied).
    var shown: [String: SharedCharacter] = [:]
    /// What the world showed after the last step, in id order (for comparing peers).
    var shownInOrder: [SharedCharacter] = []
    /// Every id the world has spawned (a second spawn of one is a duplicate).
    var spawned: Set<String> = []

    init(index: Int, name: String, simulation: SceneSimulation, replica: ReplicaState, peers: Int) {
        self.index = index
        self.name = name
        self.simulation = simulation
        self.replica = replica
        received = Array(repeating: [], count: peers)
    }

    /// Takes a new stamp for a write made here.
    func tick() -> Stamp {
        clock += 1
        return Stamp(clock: clock, peer: UInt16(index))
    }

    /// Reads the world's characters after a step.
    func refreshShown() {
        shownInOrder = simulation.sharedCharacters()
        shown = Dictionary(shownInOrder.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
