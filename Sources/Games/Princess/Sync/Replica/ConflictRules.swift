import ECS

/// The rules that settle conflicting writes the same way on every peer, whatever order the
/// messages arrive in (docs/sync-format.md, "Conflict rules"). Each decision depends only
/// on the records, never on arrival order or on which peer decides.
public enum ConflictRules {
    /// Moves and pinches: the placement with the highest stamp wins (Lamport clock, then
    /// peer index). Two pinching the same princess: the later pinch (by stamp) wins.
    public static func placement(_ a: PlacementRegister?, _ b: PlacementRegister?) -> PlacementRegister? {
        guard let a else { return b }
        guard let b else { return a }
        return b.stamp > a.stamp ? b : a
    }

    /// The same spawn told twice (a duplicate, or a snapshot): the lower stamp is kept, so
    /// the choice does not depend on which came first.
    public static func origin(_ a: SpawnOrigin?, _ b: SpawnOrigin?) -> SpawnOrigin? {
        guard let a else { return b }
        guard let b else { return a }
        return b.stamp < a.stamp ? b : a
    }

    /// Two spawns at the same spot: `later` gives way to `earlier` when they stand closer
    /// than `minDistance` and the later spawner could not have seen the earlier spawn
    /// (its basis is below the earlier stamp). The starting cast (stamp 0) never conflicts.
    public static func givesWay(_ later: SpawnOrigin, to earlier: SpawnOrigin, minDistance: Float) -> Bool {
        earlier.stamp < later.stamp && earlier.stamp.clock > 0 && later.basis < earlier.stamp.clock
            && later.position.distance(to: earlier.position) < minDistance
    }
}
