/// A snapshot of a storage's membership arrays, taken when an iteration starts. It stays
/// valid for the whole iteration because structural changes are deferred until it ends;
/// reading locals instead of class properties keeps the loop free of reloads.
@usableFromInline
struct StorageView {
    @usableFromInline let entities: UnsafeMutablePointer<Entity>
    @usableFromInline let count: Int
    @usableFromInline let sparse: UnsafeMutablePointer<Int32>
    @usableFromInline let sparseCapacity: Int

    @inlinable
    init(_ storage: AnyComponentStorage) {
        entities = storage.entities.base
        count = storage.entities.count
        sparse = storage.sparse
        sparseCapacity = storage.sparseCapacity
    }

    /// The dense position of `entity`, or -1; tries `hint` first (the aligned fast path).
    @inlinable @inline(__always)
    func position(of entity: Entity, hint: Int) -> Int {
        if hint < count && entities[hint] == entity { return hint }
        let index = Int(entity.index)
        if index >= sparseCapacity { return -1 }
        let position = Int(sparse[index])
        if position < 0 || entities[position] != entity { return -1 }
        return position
    }

    @inlinable @inline(__always)
    func contains(_ entity: Entity) -> Bool { position(of: entity, hint: -1) >= 0 }
}

/// The component types a query must not see ("with A and B, without C").
public struct Exclusion {
    @usableFromInline var types: [Any.Type] = []

    /// No exclusion.
    @inlinable public init() {}

    /// Views of the excluded storages that exist now; a type with no storage excludes nothing.
    @inlinable
    func views(in world: World) -> [StorageView] {
        types.compactMap { type in
            let slot = world.storageIndex.slot(forKey: TypeIndexTable.key(type))
            return slot < 0 ? nil : StorageView(world.storages[slot])
        }
    }
}

extension Array where Element == StorageView {
    /// Whether any of the excluded storages holds `entity`.
    @inlinable @inline(__always)
    func anyContains(_ entity: Entity) -> Bool {
        for view in self where view.contains(entity) { return true }
        return false
    }
}

extension World {
    /// The smallest of the given storage sizes drives an iteration: every other storage is
    /// looked up, the driver's own look-up hits its hint at once.
    @inlinable
    func driver(_ views: StorageView...) -> StorageView {
        var best = views[0]
        for view in views.dropFirst() where view.count < best.count { best = view }
        return best
    }
}
