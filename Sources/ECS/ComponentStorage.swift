#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The type-erased part of a sparse set: the dense list of entities and the sparse map from
/// entity index to dense position. Shared by every component type, so that membership
/// tests need no knowledge of the component.
public class AnyComponentStorage {
    /// Dense list of the entities that have the component, in storage order.
    @usableFromInline @exclusivity(unchecked) final var entities: UnsafeColumn<Entity>
    /// Entity index → dense position, or -1.
    @usableFromInline @exclusivity(unchecked) final var sparse: UnsafeMutablePointer<Int32>
    @usableFromInline @exclusivity(unchecked) final var sparseCapacity: Int
    /// The component's type name, for dumps.
    public final let typeName: String
    /// The component's type.
    public final let componentType: Any.Type
    /// Removes an entity's component; a closure made where `C` is known, so that removal
    /// runs specialised code rather than generic code through a type-erased call.
    @usableFromInline final let removeComponent: (AnyComponentStorage, Entity) -> Bool
    /// Swaps two dense positions (entity, component and sparse entries); made where `C` is known.
    @usableFromInline final let swapPositions: (AnyComponentStorage, Int, Int) -> Void
    /// The group that keeps this storage packed, if any (see `Group2`).
    @usableFromInline @exclusivity(unchecked) final var owner: GroupPacking?

    @usableFromInline
    init(componentType: Any.Type,
         removeComponent: @escaping (AnyComponentStorage, Entity) -> Bool,
         swapPositions: @escaping (AnyComponentStorage, Int, Int) -> Void) {
        self.componentType = componentType
        self.removeComponent = removeComponent
        self.swapPositions = swapPositions
        self.typeName = String(describing: componentType)
        self.entities = UnsafeColumn(capacity: 16)
        self.sparseCapacity = 64
        self.sparse = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
        self.sparse.initialize(repeating: -1, count: 64)
    }

    deinit { sparse.deallocate() }

    /// How many entities have the component.
    @inlinable
    public final var count: Int { entities.count }

    /// The dense position of `entity`, or -1 when it does not have the component.
    @inlinable @inline(__always)
    final func denseIndex(of entity: Entity) -> Int { StorageView(self).position(of: entity, hint: -1) }

    /// The dense position of `entity`, trying `hint` first: when two storages were filled
    /// together, the same entity sits at the same position in both.
    @inlinable @inline(__always)
    final func denseIndex(of entity: Entity, hint: Int) -> Int { StorageView(self).position(of: entity, hint: hint) }

    /// Whether `entity` has the component.
    @inlinable
    public final func contains(_ entity: Entity) -> Bool { denseIndex(of: entity) >= 0 }

    @usableFromInline
    final func growSparse(toInclude index: Int) {
        var capacity = sparseCapacity
        while capacity <= index { capacity &*= 2 }
        // realloc may grow in place or remap pages instead of copying (see UnsafeColumn).
        guard let grown = realloc(UnsafeMutableRawPointer(sparse), capacity * MemoryLayout<Int32>.stride) else {
            fatalError("out of memory growing a sparse index to \(capacity) entries")
        }
        LargeBlock.preferHugePages(grown, bytes: capacity * MemoryLayout<Int32>.stride)
        let fresh = grown.assumingMemoryBound(to: Int32.self)
        (fresh + sparseCapacity).initialize(repeating: -1, count: capacity - sparseCapacity)
        sparse = fresh
        sparseCapacity = capacity
    }

    /// Removes the component of `entity` if it has one; returns whether it did.
    @inlinable
    final func remove(_ entity: Entity) -> Bool { removeComponent(self, entity) }

    /// The component of `entity`, described for a dump.
    func describeComponent(of entity: Entity) -> String? { fatalError("abstract") }
}

/// The sparse set holding every component of type `C`, densely packed.
public final class ComponentStorage<C>: AnyComponentStorage {
    /// Dense components, parallel to `entities`.
    @usableFromInline @exclusivity(unchecked) var components: UnsafeColumn<C>

    @usableFromInline
    init(removeComponent: @escaping (AnyComponentStorage, Entity) -> Bool,
         swapPositions: @escaping (AnyComponentStorage, Int, Int) -> Void) {
        components = UnsafeColumn(capacity: 16)
        super.init(componentType: C.self, removeComponent: removeComponent, swapPositions: swapPositions)
    }

    /// A new storage. Inlinable so that callers, who know `C`, build the removal closure
    /// from specialised code.
    @inlinable
    static func make() -> ComponentStorage<C> {
        ComponentStorage<C>(
            removeComponent: { storage, entity in
                unsafeDowncast(storage, to: ComponentStorage<C>.self).removeNow(entity)
            },
            swapPositions: { storage, first, second in
                unsafeDowncast(storage, to: ComponentStorage<C>.self).swapNow(first, second)
            }
        )
    }

    /// Adds `component` to `entity`, or overwrites the one it has.
    @inlinable
    func insert(_ component: C, for entity: Entity) {
        let position = denseIndex(of: entity)
        if position >= 0 {
            components[position] = component
            return
        }
        let index = Int(entity.index)
        if index >= sparseCapacity { growSparse(toInclude: index) }
        sparse[index] = Int32(truncatingIfNeeded: entities.count)
        entities.append(entity)
        components.append(component)
        if let owner { owner.entityGainedComponent(entity) }
    }

    /// Reserves room for `count` components.
    @inlinable
    func reserve(_ count: Int) {
        entities.reserve(count)
        components.reserve(count)
    }

    @inlinable
    func removeNow(_ entity: Entity) -> Bool {
        var position = denseIndex(of: entity)
        if position < 0 { return false }
        if let owner, position < owner.length {
            owner.entityLeaving(entity)
            position = denseIndex(of: entity)
        }
        let last = entities.count - 1
        if position != last {
            let moved = entities[last]
            sparse[Int(moved.index)] = Int32(truncatingIfNeeded: position)
        }
        entities.swapRemove(at: position)
        components.swapRemove(at: position)
        sparse[Int(entity.index)] = -1
        return true
    }

    /// Swaps the entries at two dense positions, keeping the sparse index right.
    @inlinable
    func swapNow(_ first: Int, _ second: Int) {
        if first == second { return }
        let a = entities[first], b = entities[second]
        entities[first] = b
        entities[second] = a
        sparse[Int(a.index)] = Int32(truncatingIfNeeded: second)
        sparse[Int(b.index)] = Int32(truncatingIfNeeded: first)
        swap(&components.base[first], &components.base[second])
    }

    override func describeComponent(of entity: Entity) -> String? {
        let position = denseIndex(of: entity)
        return position < 0 ? nil : String(describing: components[position])
    }

    /// A pointer to the component of `entity`, valid until the next structural change.
    @inlinable
    func pointer(to entity: Entity) -> UnsafeMutablePointer<C>? {
        let position = denseIndex(of: entity)
        return position < 0 ? nil : components.base + position
    }
}
