/// Entities with a component of type `A`, iterated in the storage's dense order.
public struct Query1<A>: ExcludingQuery {
    @usableFromInline let world: World
    /// The component types this query leaves out.
    public var exclusion = Exclusion()

    @inlinable init(world: World) { self.world = world }

    /// Calls `body` with each matching entity and its component, writable in place, in the
    /// storage's dense order. During the call, writes through the parameter, `get`/`replace`/
    /// `modify` of other entities' components and `create` happen at once; `destroy`,
    /// `remove`, new `add`s and `reserve` are deferred until the outermost iteration ends
    /// (even if `body` throws); the visited entity's `A` must be reached only through the
    /// parameter. The full rules: "What may happen during iteration" in `ECSModule`.
    @inlinable
    public func forEach(_ body: (Entity, inout A) throws -> Void) rethrows {
        guard let sa = world.storage(A.self) else { return }
        world.beginIteration()
        defer { world.endIteration() }
        let va = StorageView(sa), excluded = exclusion.views(in: world)
        let ca = sa.components.base
        for i in 0..<va.count {
            let entity = va.entities[i]
            if !excluded.isEmpty && excluded.anyContains(entity) { continue }
            try body(entity, &ca[i])
        }
    }
}

/// Entities with components of types `A` and `B`.
public struct Query2<A, B>: ExcludingQuery {
    @usableFromInline let world: World
    /// The component types this query leaves out.
    public var exclusion = Exclusion()

    @inlinable init(world: World) { self.world = world }

    /// Calls `body` with each matching entity and its components, writable in place, in the
    /// dense order of the smallest storage. During the call, writes through the parameters,
    /// `get`/`replace`/`modify` of other entities' components and `create` happen at once;
    /// `destroy`, `remove`, new `add`s and `reserve` are deferred until the outermost
    /// iteration ends (even if `body` throws); the visited entity's iterated components must
    /// be reached only through the parameters. The full rules: "What may happen during
    /// iteration" in `ECSModule`.
    @inlinable
    public func forEach(_ body: (Entity, inout A, inout B) throws -> Void) rethrows {
        guard let sa = world.storage(A.self), let sb = world.storage(B.self) else { return }
        world.beginIteration()
        defer { world.endIteration() }
        let va = StorageView(sa), vb = StorageView(sb)
        let excluded = exclusion.views(in: world)
        let ca = sa.components.base, cb = sb.components.base
        let lead = world.driver(va, vb)
        for i in 0..<lead.count {
            let entity = lead.entities[i]
            let ia = va.position(of: entity, hint: i)
            if ia < 0 { continue }
            let ib = vb.position(of: entity, hint: i)
            if ib < 0 { continue }
            if !excluded.isEmpty && excluded.anyContains(entity) { continue }
            try body(entity, &ca[ia], &cb[ib])
        }
    }
}

/// Entities with components of types `A`, `B` and `C`.
public struct Query3<A, B, C>: ExcludingQuery {
    @usableFromInline let world: World
    /// The component types this query leaves out.
    public var exclusion = Exclusion()

    @inlinable init(world: World) { self.world = world }

    /// Calls `body` with each matching entity and its components, writable in place, in the
    /// dense order of the smallest storage. During the call, writes through the parameters,
    /// `get`/`replace`/`modify` of other entities' components and `create` happen at once;
    /// `destroy`, `remove`, new `add`s and `reserve` are deferred until the outermost
    /// iteration ends (even if `body` throws); the visited entity's iterated components must
    /// be reached only through the parameters. The full rules: "What may happen during
    /// iteration" in `ECSModule`.
    @inlinable
    public func forEach(_ body: (Entity, inout A, inout B, inout C) throws -> Void) rethrows {
        guard let sa = world.storage(A.self), let sb = world.storage(B.self),
              let sc = world.storage(C.self) else { return }
        world.beginIteration()
        defer { world.endIteration() }
        let va = StorageView(sa), vb = StorageView(sb), vc = StorageView(sc)
        let excluded = exclusion.views(in: world)
        let ca = sa.components.base, cb = sb.components.base, cc = sc.components.base
        let lead = world.driver(va, vb, vc)
        for i in 0..<lead.count {
            let entity = lead.entities[i]
            let ia = va.position(of: entity, hint: i)
            if ia < 0 { continue }
            let ib = vb.position(of: entity, hint: i)
            if ib < 0 { continue }
            let ic = vc.position(of: entity, hint: i)
            if ic < 0 { continue }
            if !excluded.isEmpty && excluded.anyContains(entity) { continue }
            try body(entity, &ca[ia], &cb[ib], &cc[ic])
        }
    }
}

/// Entities with components of types `A`, `B`, `C` and `D`.
public struct Query4<A, B, C, D>: ExcludingQuery {
    @usableFromInline let world: World
    /// The component types this query leaves out.
    public var exclusion = Exclusion()

    @inlinable init(world: World) { self.world = world }

    /// Calls `body` with each matching entity and its components, writable in place, in the
    /// dense order of the smallest storage. During the call, writes through the parameters,
    /// `get`/`replace`/`modify` of other entities' components and `create` happen at once;
    /// `destroy`, `remove`, new `add`s and `reserve` are deferred until the outermost
    /// iteration ends (even if `body` throws); the visited entity's iterated components must
    /// be reached only through the parameters. The full rules: "What may happen during
    /// iteration" in `ECSModule`.
    @inlinable
    public func forEach(_ body: (Entity, inout A, inout B, inout C, inout D) throws -> Void) rethrows {
        guard let sa = world.storage(A.self), let sb = world.storage(B.self),
              let sc = world.storage(C.self), let sd = world.storage(D.self) else { return }
        world.beginIteration()
        defer { world.endIteration() }
        let va = StorageView(sa), vb = StorageView(sb), vc = StorageView(sc), vd = StorageView(sd)
        let excluded = exclusion.views(in: world)
        let ca = sa.components.base, cb = sb.components.base
        let cc = sc.components.base, cd = sd.components.base
        let lead = world.driver(va, vb, vc, vd)
        for i in 0..<lead.count {
            let entity = lead.entities[i]
            let ia = va.position(of: entity, hint: i)
            if ia < 0 { continue }
            let ib = vb.position(of: entity, hint: i)
            if ib < 0 { continue }
            let ic = vc.position(of: entity, hint: i)
            if ic < 0 { continue }
            let id = vd.position(of: entity, hint: i)
            if id < 0 { continue }
            if !excluded.isEmpty && excluded.anyContains(entity) { continue }
            try body(entity, &ca[ia], &cb[ib], &cc[ic], &cd[id])
        }
    }
}

extension World {
    /// Entities with an `A`.
    @inlinable
    public func query<A>(_ a: A.Type) -> Query1<A> { Query1(world: self) }

    /// Entities with an `A` and a `B`.
    @inlinable
    public func query<A, B>(_ a: A.Type, _ b: B.Type) -> Query2<A, B> { Query2(world: self) }

    /// Entities with an `A`, a `B` and a `C`.
    @inlinable
    public func query<A, B, C>(_ a: A.Type, _ b: B.Type, _ c: C.Type) -> Query3<A, B, C> {
        Query3(world: self)
    }

    /// Entities with an `A`, a `B`, a `C` and a `D`.
    @inlinable
    public func query<A, B, C, D>(_ a: A.Type, _ b: B.Type, _ c: C.Type, _ d: D.Type) -> Query4<A, B, C, D> {
        Query4(world: self)
    }
}

extension Query1 {
    /// The matching entities, in iteration order.
    public var entities: [Entity] {
        var result: [Entity] = []
        forEach { entity, _ in result.append(entity) }
        return result
    }
}

extension Query2 {
    /// The matching entities, in iteration order.
    public var entities: [Entity] {
        var result: [Entity] = []
        forEach { entity, _, _ in result.append(entity) }
        return result
    }
}

extension Query3 {
    /// The matching entities, in iteration order.
    public var entities: [Entity] {
        var result: [Entity] = []
        forEach { entity, _, _, _ in result.append(entity) }
        return result
    }
}

extension Query4 {
    /// The matching entities, in iteration order.
    public var entities: [Entity] {
        var result: [Entity] = []
        forEach { entity, _, _, _, _ in result.append(entity) }
        return result
    }
}

/// A query that can leave out entities with some component ("with A and B, without C").
public protocol ExcludingQuery {
    /// The component types left out.
    var exclusion: Exclusion { get set }
}

extension ExcludingQuery {
    /// The same query, skipping entities that have a component of type `type`.
    @inlinable
    public func without<X>(_ type: X.Type) -> Self {
        var copy = self
        copy.exclusion.types.append(type)
        return copy
    }
}
