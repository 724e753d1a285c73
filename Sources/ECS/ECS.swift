/// # ECS
///
/// A small, deterministic entity-component-system engine in pure Swift (no Foundation,
/// no C, no I/O). It is the engine under the princess scene and its particle effects.
///
/// ## Storage: sparse sets, one per component type
///
/// Each component type lives in a `ComponentStorage<C>`: a dense, contiguous array of the
/// components, a parallel dense array of their entities, and a sparse array from entity
/// index to dense position (as EnTT does). Sparse sets were chosen over archetype tables
/// (Bevy, flecs) because the scene adds and removes small components all the time (a
/// highlight while dragged, a running action, an appear animation): with sparse sets that
/// is O(1) and never moves the entity's other components, whereas an archetype table
/// moves the whole entity to another table on every add or remove. Iteration, the one
/// place archetypes win, is kept close to a plain array loop two ways. A query has an
/// "aligned" fast path: when two storages list the same entity at the same dense position
/// (as they do when the components were added together), the sparse look-up is skipped,
/// though both entity arrays are still read. An owning group (`World.group`, EnTT's idea)
/// goes further: it keeps the entities that have both components packed at the front of
/// both storages in the same order, so iterating them reads nothing but the two component
/// arrays (a loop the compiler can vectorise), at the price of a swap when either component
/// is added or removed. Measured figures are not kept here, where they would go stale:
/// `aria-bench ecs` prints them and docs/benchmarks.md records them.
///
/// Columns grow with `realloc` for plain-data types, which lets the allocator extend or
/// remap the block instead of copying it and faulting in fresh pages.
///
/// ## Determinism
///
/// Nothing here depends on hash order, the clock or system randomness: entities are
/// reused last-freed-first, storages iterate in dense order, dumps sort by entity index
/// and type name, and `SeededRandom` derives named sub-streams from the seed alone.
///
/// ## What may happen during iteration
///
/// An iteration (`Query1`…`Query4.forEach`, `entities`, `Group2.forEach`) hands its body
/// the visited entity's components as `inout` parameters pointing straight into the
/// storages, and reads the storages' arrays through pointers taken when it started. So the
/// one thing that must not happen while it runs is a storage's arrays moving or being
/// reordered; everything that could do that waits. While an iteration runs
/// (`World.isIterating`):
/// - **At once:** writing the visited entity's components through the body's parameters;
///   `get`, `has`, `replace`, `modify`, and `add` of a component the entity already has
///   (an overwrite) on any entity, of any type, including the iterated types; `create`
///   (it only takes a slot; no storage moves); `send`, reading events, and resources.
/// - **Deferred:** `destroy`, `remove`, `add` of a component the entity does not have yet,
///   and `reserve(_:of:)`. They are recorded and applied, in the order they were made, when
///   the outermost iteration ends, even if the body throws. Until then the world reads as
///   before them: a destroyed entity is alive, keeps its components and is still visited
///   if not reached yet; a removed component is still there; an added one is not, and the
///   running iteration does not visit it. `deferredChangeCount` says how many are waiting;
///   `remove` returns whether the component is there now.
/// - **Not allowed:** reaching the components the body is being handed for the visited
///   entity by any other way than its parameters (`get`, `replace`, `modify`, an overwriting
///   `add`, or a nested iteration's parameters for the same entity). Swift assumes an
///   `inout` parameter is not aliased, so such an access may read or leave a stale value.
///   It cannot corrupt memory; nothing checks it.
/// - **Stops the program:** creating a new owning group (`World.group` for a pair that has
///   none yet), since packing would reorder the storages being read.
/// Iterations may nest; changes wait for the outermost one. A `CommandBuffer` records the
/// same structural operations explicitly, to be applied at a safe point chosen by its owner
/// (a `Schedule` applies each system's buffer after the system runs); applied during an
/// iteration, its changes are deferred like the world's own.
public enum ECSModule {}
