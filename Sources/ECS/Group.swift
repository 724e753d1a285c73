/// The bookkeeping of an owning group: the storages it owns and how many entities, at the
/// front of each, have all of the group's components, in the same order in every storage.
public final class GroupPacking {
    @usableFromInline let storages: [AnyComponentStorage]
    /// How many entities are packed at the front of every owned storage.
    @usableFromInline @exclusivity(unchecked) var length = 0

    init(storages: [AnyComponentStorage]) {
        self.storages = storages
        let lead = storages.min { $0.count < $1.count }!
        // Pack everything that already qualifies; collect first, since packing reorders.
        var members: [Entity] = []
        for position in 0..<lead.count {
            let entity = lead.entities[position]
            if storages.allSatisfy({ $0.contains(entity) }) { members.append(entity) }
        }
        for entity in members { entityGainedComponent(entity) }
    }

    /// Called after `entity` gained one of the owned components: packs it if it now has all.
    @usableFromInline
    func entityGainedComponent(_ entity: Entity) {
        for storage in storages {
            let position = storage.denseIndex(of: entity)
            if position < 0 || position < length { return }
        }
        for storage in storages {
            storage.swapPositions(storage, storage.denseIndex(of: entity), length)
        }
        length += 1
    }

    /// Called before `entity` loses one of the owned components: moves it out of the pack.
    @usableFromInline
    func entityLeaving(_ entity: Entity) {
        let last = length - 1
        for storage in storages {
            storage.swapPositions(storage, storage.denseIndex(of: entity), last)
        }
        length = last
    }
}

/// An owning group of two component types (EnTT's idea): the entities that have both are
/// kept packed at the front of both storages, in the same order, so iterating them is a
/// plain loop over two arrays with no look-up at all. Adding or removing either component
/// pays a swap to keep the pack. A storage can belong to one group only.
public struct Group2<A, B> {
    @usableFromInline let world: World
    @usableFromInline let packing: GroupPacking
    @usableFromInline let first: ComponentStorage<A>
    @usableFromInline let second: ComponentStorage<B>

    init(world: World, packing: GroupPacking, first: ComponentStorage<A>, second: ComponentStorage<B>) {
        self.world = world
        self.packing = packing
        self.first = first
        self.second = second
    }

    /// How many entities have both components.
    public var count: Int { packing.length }

    /// Calls `body` with each entity that has both components, writable in place, in pack
    /// order. The same rules as a query's `forEach` hold: writes through the parameters,
    /// `get`/`replace`/`modify` of other entities' components and `create` happen at once;
    /// `destroy`, `remove`, new `add`s and `reserve` are deferred until the outermost
    /// iteration ends, so the pack neither grows, shrinks nor reorders while it is walked;
    /// the visited entity's `A` and `B` must be reached only through the parameters. See
    /// "What may happen during iteration" in `ECSModule`.
    @inlinable
    public func forEach(_ body: (Entity, inout A, inout B) throws -> Void) rethrows {
        world.beginIteration()
        defer { world.endIteration() }
        let entities = first.entities.base
        let a = first.components.base, b = second.components.base
        for i in 0..<packing.length {
            try body(entities[i], &a[i], &b[i])
        }
    }
}

extension World {
    /// The owning group of `A` and `B`, created (and packed) on first use. Asking again
    /// returns the same group, also during iteration. Asking for a group over a storage
    /// another group owns, or creating a group while an iteration runs (packing would
    /// reorder the storages it reads), is a programming error and stops the program.
    public func group<A, B>(_ a: A.Type, _ b: B.Type) -> Group2<A, B> {
        let first = storageCreating(a), second = storageCreating(b)
        if let owner = first.owner {
            precondition(owner === second.owner && owner.storages.count == 2,
                         "\(first.typeName) already belongs to another group")
            return Group2(world: self, packing: owner, first: first, second: second)
        }
        precondition(second.owner == nil, "\(second.typeName) already belongs to another group")
        precondition(!isIterating, "a group cannot be created while a query is iterating")
        let packing = GroupPacking(storages: [first, second])
        first.owner = packing
        second.owner = packing
        return Group2(world: self, packing: packing, first: first, second: second)
    }
}
