/// Structural changes recorded now and applied later, at a safe point the owner chooses
/// (a `Schedule` applies a system's buffer right after the system). Spawned entities are
/// reserved at once, so their handles can be used in later commands of the same buffer.
public final class CommandBuffer {
    private unowned let world: World
    private var commands: [(World) -> Void] = []

    /// A buffer whose commands will be applied to `world`.
    public init(world: World) { self.world = world }

    /// How many commands are waiting.
    public var count: Int { commands.count }

    /// Whether no command is waiting.
    public var isEmpty: Bool { commands.isEmpty }

    /// Reserves a new entity now; its components arrive when the buffer is applied.
    public func spawn() -> Entity { world.create() }

    /// Reserves a new entity now and records adding `component` to it.
    @discardableResult
    public func spawn<A>(_ component: A) -> Entity {
        let entity = world.create()
        add(component, to: entity)
        return entity
    }

    /// Reserves a new entity now and records adding both components to it.
    @discardableResult
    public func spawn<A, B>(_ a: A, _ b: B) -> Entity {
        let entity = world.create()
        add(a, to: entity)
        add(b, to: entity)
        return entity
    }

    /// Records destroying `entity`.
    public func destroy(_ entity: Entity) {
        commands.append { world in world.destroy(entity) }
    }

    /// Records adding (or overwriting) `component` on `entity`.
    public func add<C>(_ component: C, to entity: Entity) {
        commands.append { world in world.add(component, to: entity) }
    }

    /// Records removing the component of type `type` from `entity`.
    public func remove<C>(_ type: C.Type, from entity: Entity) {
        commands.append { world in world.remove(type, from: entity) }
    }

    /// Records sending `event`, so that it is sent in command order with the other changes.
    public func send<E>(_ event: E) {
        commands.append { world in world.send(event) }
    }

    /// Applies every command in the order it was recorded, then empties the buffer.
    /// Commands on entities destroyed meanwhile are ignored. If called during iteration,
    /// the world defers the changes again until the iteration ends.
    public func apply() {
        let pending = commands
        commands.removeAll(keepingCapacity: true)
        for command in pending { command(world) }
    }
}
