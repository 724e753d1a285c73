import ECS
import Princess

/// What one peer knows of the session's characters: a record per id, merged by
/// `ConflictRules`. Merging is commutative, associative and idempotent, so peers that have
/// seen the same records hold the same state, whatever the order and however many copies.
public struct ReplicaState: Sendable, Equatable {
    /// The records, by id.
    public private(set) var records: [String: CharacterRecord] = [:]
    /// Ids that gave way to an earlier spawn at the same spot (they are gone everywhere).
    public private(set) var displaced: Set<String> = []
    /// The smallest distance between two spawns (the scene's limit).
    public let minSpawnDistance: Float

    /// A state holding the scene's starting cast (stamp 0 on every peer).
    public init(startingCast: [SharedCharacter], minSpawnDistance: Float) {
        self.minSpawnDistance = minSpawnDistance
        for character in startingCast {
            let origin = SpawnOrigin(kind: character.kind, position: character.position, scale: character.scale,
                                     stamp: .origin, basis: 0)
            records[character.id] = CharacterRecord(id: character.id, origin: origin, placement: nil)
        }
    }

    /// What the world should show of `id`: nil when she is unknown, removed or displaced.
    public func visible(_ id: String) -> SharedCharacter? {
        guard let record = records[id], let origin = record.origin, !record.removed, !displaced.contains(id) else { return nil }
        let placement = ConflictRules.placement(
            PlacementRegister(position: origin.position, scale: origin.scale, stamp: origin.stamp), record.placement)!
        return SharedCharacter(id: id, kind: origin.kind, position: placement.position, scale: placement.scale)
    }

    /// Every visible character, in id order.
    public var visibleCharacters: [SharedCharacter] {
        records.keys.sorted().compactMap(visible)
    }

    /// The records in id order (a snapshot's content).
    public var sortedRecords: [CharacterRecord] { records.keys.sorted().map { records[$0]! } }

    /// Merges `incoming`; returns the ids whose visible state may have changed.
    @discardableResult
    public mutating func merge(_ incoming: CharacterRecord) -> [String] {
        var record = records[incoming.id] ?? CharacterRecord(id: incoming.id)
        let hadOrigin = record.origin != nil
        record.origin = ConflictRules.origin(record.origin, incoming.origin)
        record.placement = ConflictRules.placement(record.placement, incoming.placement)
        record.removed = record.removed || incoming.removed
        records[incoming.id] = record
        var changed = [incoming.id]
        if !hadOrigin, let origin = record.origin { changed += settleSpawn(incoming.id, origin) }
        return changed
    }

    /// Applies the spawn rule to a newly known spawn, both ways: it may give way to an
    /// earlier one, or make later ones give way. Displacement only grows, so the result
    /// does not depend on the order spawns become known.
    private mutating func settleSpawn(_ id: String, _ origin: SpawnOrigin) -> [String] {
        var changed: [String] = []
        for (otherID, other) in records where otherID != id {
            guard let otherOrigin = other.origin else { continue }
            if ConflictRules.givesWay(origin, to: otherOrigin, minDistance: minSpawnDistance) {
                displaced.insert(id)
            } else if ConflictRules.givesWay(otherOrigin, to: origin, minDistance: minSpawnDistance),
                      displaced.insert(otherID).inserted {
                changed.append(otherID)
            }
        }
        return changed
    }

    /// The placement stamp `id` holds now (its spawn's when never moved).
    public func placementStamp(of id: String) -> Stamp? {
        guard let record = records[id] else { return nil }
        return ConflictRules.placement(
            record.origin.map { PlacementRegister(position: $0.position, scale: $0.scale, stamp: $0.stamp) }, record.placement)?.stamp
    }
}
