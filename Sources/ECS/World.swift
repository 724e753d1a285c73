/// The container of every entity and component of a simulation. Not thread-safe: one world
/// belongs to one thread at a time.
public final class World {
    // The hot properties here and in the storages are `@exclusivity(unchecked)`: one thread
    // owns a world and structural changes wait until iteration ends, so Swift's dynamic
    // exclusivity checks only cost time on every create, destroy, add and get.
    /// Generation of each slot; bumped when the slot's entity is destroyed, so a handle is
    /// alive exactly when its generation is its slot's current one (a freed slot's current
    /// generation has not been handed out yet).
    @usableFromInline @exclusivity(unchecked) var generations: UnsafeColumn<UInt32>
    /// Freed slots, reused last-freed-first (a defined order, for determinism).
    @usableFromInline @exclusivity(unchecked) var freeSlots: UnsafeColumn<UInt32>
    @usableFromInline @exclusivity(unchecked) var liveCount: Int

    @usableFromInline @exclusivity(unchecked) var storageIndex = TypeIndexTable()
    /// Storages in the order their types were first used.
    @usableFromInline @exclusivity(unchecked) var storages: [AnyComponentStorage] = []
    /// The same storages, unretained, for the hot paths.
    @usableFromInline @exclusivity(unchecked) var storageRefs = UnsafeColumn<Unmanaged<AnyComponentStorage>>(capacity: 16)

    /// Depth of nested query iterations; structural changes are deferred while above 0.
    @usableFromInline @exclusivity(unchecked) var iterationDepth = 0
    /// Changes requested during iteration, applied when the outermost iteration ends.
    @usableFromInline @exclusivity(unchecked) var deferred: [DeferredChange] = []

    var eventChannels: [ObjectIdentifier: AnyEventChannel] = [:]
    /// Event channels in the order their types were first used, so that swapping is ordered.
    var eventChannelOrder: [AnyEventChannel] = []
    var resources: [ObjectIdentifier: AnyObject] = [:]

    /// An empty world.
    public init() {
        generations = UnsafeColumn(capacity: 64)
        freeSlots = UnsafeColumn(capacity: 64)
        liveCount = 0
    }

    // MARK: Entities

    /// How many entities are alive.
    public var entityCount: Int { liveCount }

    /// Whether a query or group is iterating, so that structural changes are being deferred
    /// (see "What may happen during iteration" in the module documentation, `ECSModule`).
    public var isIterating: Bool { iterationDepth > 0 }

    /// Creates an entity with no components. Happens at once even during iteration: it only
    /// takes a slot, and no storage moves.
    @inlinable
    public func create() -> Entity {
        liveCount &+= 1
        if let slot = freeSlots.popLast() {
            return Entity(index: slot, generation: generations[Int(slot)])
        }
        let slot = UInt32(truncatingIfNeeded: generations.count)
        generations.append(0)
        return Entity(index: slot, generation: 0)
    }

    /// Reserves room for `count` more entities, so that a burst of creation does not regrow.
    public func reserveEntities(_ count: Int) {
        generations.reserve(generations.count + count)
    }

    /// Whether `entity` is alive: created, not destroyed, and not a stale handle.
    @inlinable
    public func isAlive(_ entity: Entity) -> Bool {
        let index = Int(entity.index)
        return index < generations.count && generations[index] == entity.generation
    }

    /// Destroys `entity` and all its components; a dead handle is ignored.
    /// Deferred during iteration: until the outermost iteration ends the entity stays alive,
    /// keeps its components, and is still visited if the iteration has not reached it.
    @inlinable
    public func destroy(_ entity: Entity) {
        guard isAlive(entity) else { return }
        if iterationDepth > 0 {
            deferred.append(.destroy(entity))
            return
        }
        destroyNow(entity)
    }

    @usableFromInline
    func destroyNow(_ entity: Entity) {
        guard isAlive(entity) else { return }
        for slot in 0..<storageRefs.count {
            storageRefs[slot]._withUnsafeGuaranteedRef { storage in
                if storage.contains(entity) { _ = storage.remove(entity) }
            }
        }
        let index = Int(entity.index)
        generations[index] = generations[index] &+ 1
        freeSlots.append(entity.index)
        liveCount &-= 1
    }

    /// Every live entity, by index.
    public var entities: [Entity] {
        var free = [Bool](repeating: false, count: generations.count)
        for position in 0..<freeSlots.count { free[Int(freeSlots[position])] = true }
        var result: [Entity] = []
        result.reserveCapacity(liveCount)
        for index in 0..<generations.count where !free[index] {
            result.append(Entity(index: UInt32(index), generation: generations[index]))
        }
        return result
    }

    // MARK: Components

    /// The storage of `C`, unretained: the world owns it through `storages`, and skipping
    /// the retain and release on every `add` and `get` is a measurable share of their cost.
    @inlinable
    func unmanagedStorage<C>(_ type: C.Type) -> Unmanaged<ComponentStorage<C>>? {
        let slot = storageIndex.slot(forKey: TypeIndexTable.key(type))
        if slot < 0 { return nil }
        return unsafeBitCast(storageRefs[slot], to: Unmanaged<ComponentStorage<C>>.self)
    }

    @inlinable
    func storage<C>(_ type: C.Type) -> ComponentStorage<C>? {
        unmanagedStorage(type)?.takeUnretainedValue()
    }

    @inlinable
    func unmanagedStorageCreating<C>(_ type: C.Type) -> Unmanaged<ComponentStorage<C>> {
        if let existing = unmanagedStorage(type) { return existing }
        return Unmanaged.passUnretained(makeStorage(type))
    }

    @inlinable
    func storageCreating<C>(_ type: C.Type) -> ComponentStorage<C> {
        unmanagedStorageCreating(type).takeUnretainedValue()
    }

    @inlinable
    func makeStorage<C>(_ type: C.Type) -> ComponentStorage<C> {
        let created = ComponentStorage<C>.make()
        register(created)
        return created
    }

    @usableFromInline
    func register(_ storage: AnyComponentStorage) {
        storageIndex.insert(key: TypeIndexTable.key(storage.componentType), value: storages.count)
        storages.append(storage)
        storageRefs.append(Unmanaged.passUnretained(storage))
    }

    /// Gives `entity` the component, or overwrites the one of that type it has; returns
    /// false for a dead entity. During iteration, adding a component the entity does not
    /// have yet is deferred (and returns true); overwriting one it has happens at once, like
    /// `replace`.
    @inlinable @discardableResult
    public func add<C>(_ component: C, to entity: Entity) -> Bool {
        guard isAlive(entity) else { return false }
        return unmanagedStorageCreating(C.self)._withUnsafeGuaranteedRef { storage in
            if iterationDepth > 0, !storage.contains(entity) {
                deferred.append(.add { world in world.add(component, to: entity) })
                return true
            }
            storage.insert(component, for: entity)
            return true
        }
    }

    /// Overwrites the component `entity` has; returns false (and changes nothing) when it
    /// has none of that type. Allowed during iteration, except on a component the running
    /// iteration has handed to its body for the entity being visited.
    @inlinable @discardableResult
    public func replace<C>(_ component: C, of entity: Entity) -> Bool {
        guard isAlive(entity), let pointer = storage(C.self)?.pointer(to: entity) else { return false }
        pointer.pointee = component
        return true
    }

    /// Removes the component of type `type` from `entity`; returns whether it had one.
    /// Deferred during iteration (then returns whether it has one now).
    @inlinable @discardableResult
    public func remove<C>(_ type: C.Type, from entity: Entity) -> Bool {
        guard isAlive(entity), let storage = storage(type) else { return false }
        if iterationDepth > 0 {
            let present = storage.contains(entity)
            if present { deferred.append(.remove { world in world.remove(type, from: entity) }) }
            return present
        }
        return storage.remove(entity)
    }

    /// The component of type `type` of `entity`, or nil.
    @inlinable
    public func get<C>(_ type: C.Type, of entity: Entity) -> C? {
        guard isAlive(entity), let storage = unmanagedStorage(type) else { return nil }
        return storage._withUnsafeGuaranteedRef { $0.pointer(to: entity)?.pointee }
    }

    /// Whether `entity` has a component of type `type`.
    @inlinable
    public func has<C>(_ type: C.Type, _ entity: Entity) -> Bool {
        isAlive(entity) && (storage(type)?.contains(entity) ?? false)
    }

    /// Changes the component of `entity` in place; returns nil when it has none. Allowed
    /// during iteration, except on a component the running iteration has handed to its body
    /// for the entity being visited (use the body's parameter for that).
    @inlinable @discardableResult
    public func modify<C, R>(_ type: C.Type, of entity: Entity, _ body: (inout C) throws -> R) rethrows -> R? {
        guard isAlive(entity), let pointer = storage(type)?.pointer(to: entity) else { return nil }
        return try body(&pointer.pointee)
    }

    /// How many entities have a component of type `type`.
    public func count<C>(of type: C.Type) -> Int { storage(type)?.count ?? 0 }

    /// Reserves room for `count` components of type `type`. Deferred during iteration:
    /// growing a storage moves its arrays, which the running iteration is reading.
    public func reserve<C>(_ count: Int, of type: C.Type) {
        if iterationDepth > 0 {
            deferred.append(.reserve { world in world.reserve(count, of: type) })
            return
        }
        storageCreating(type).reserve(count)
    }

    /// The types of the components `entity` has, sorted by name (for dumps and debugging).
    public func componentTypes(of entity: Entity) -> [Any.Type] {
        guard isAlive(entity) else { return [] }
        return storages.filter { $0.contains(entity) }
            .sorted { $0.typeName < $1.typeName }
            .map { $0.componentType }
    }

    /// The names of the components `entity` has, sorted.
    public func componentNames(of entity: Entity) -> [String] {
        componentTypes(of: entity).map { String(describing: $0) }
    }

    // MARK: Iteration bookkeeping

    @inlinable
    func beginIteration() { iterationDepth &+= 1 }

    @inlinable
    func endIteration() {
        iterationDepth &-= 1
        if iterationDepth == 0 && !deferred.isEmpty { applyDeferred() }
    }

    @usableFromInline
    func applyDeferred() {
        while !deferred.isEmpty {
            let batch = deferred
            deferred.removeAll(keepingCapacity: true)
            for change in batch { change.apply(to: self) }
        }
    }

    /// How many structural changes are waiting for the current iteration to end.
    public var deferredChangeCount: Int { deferred.count }
}

/// A structural change requested while a query was iterating.
@usableFromInline
enum DeferredChange {
    case destroy(Entity)
    case add((World) -> Void)
    case remove((World) -> Void)
    case reserve((World) -> Void)

    @usableFromInline
    func apply(to world: World) {
        switch self {
        case .destroy(let entity): world.destroyNow(entity)
        case .add(let change), .remove(let change), .reserve(let change): change(world)
        }
    }
}
