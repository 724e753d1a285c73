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
/// place archetypes win, is kept close to a plain array loop by an "aligned" fast path:
/// when two storages list the same entity at the same dense position (which they do when
/// the components were added together, the common case), the look-up through the sparse
/// array is skipped. `aria-bench ecs` measures both paths; the figures are in the README.
///
/// ## Determinism
///
/// Nothing here depends on hash order, the clock or system randomness: entities are
/// reused last-freed-first, storages iterate in dense order, dumps sort by entity index
/// and type name, and `SeededRandom` derives named sub-streams from the seed alone.
///
/// ## What may happen during iteration
///
/// While a query is iterating (`World.isIterating`):
/// - reading and writing components in place, `get`, and `replace` of a component the
///   entity already has, happen at once;
/// - `create` happens at once (it only reserves an entity; no storage moves);
/// - `destroy`, `remove`, and `add` of a component the entity does not have yet are
///   *deferred*: recorded and applied, in the order they were made, when the outermost
///   iteration ends. The iteration in progress never sees them.
/// A `CommandBuffer` records the same operations explicitly, to be applied at a safe point
/// chosen by its owner (a `Schedule` applies each system's buffer after the system runs).
public enum ECSModule {}
