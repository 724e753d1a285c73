/// A handle to an entity: a slot index plus the generation of that slot, so a handle to a
/// destroyed entity whose slot has been reused is recognised as dead.
public struct Entity: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The slot in the world's entity table.
    public let index: UInt32
    /// How many times the slot had been freed when this handle was made.
    public let generation: UInt32

    /// Makes a handle from its parts.
    @inlinable
    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// The sentinel for "no entity"; never alive in any world.
    public static let none = Entity(index: .max, generation: .max)

    /// Whether this is the `none` sentinel.
    @inlinable
    public var isNone: Bool { index == .max && generation == .max }

    /// Orders by index, then generation: the order dumps and sorted listings use.
    @inlinable
    public static func < (lhs: Entity, rhs: Entity) -> Bool {
        lhs.index != rhs.index ? lhs.index < rhs.index : lhs.generation < rhs.generation
    }

    public var description: String { isNone ? "none" : "e\(index)v\(generation)" }
}
