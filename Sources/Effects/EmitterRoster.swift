import ECS

/// World resource: the emitters in creation order and the next serial number. Emitters are
/// stepped and listed in this order, which never depends on entity slots or hashing.
public struct EmitterRoster: Sendable, Equatable {
    /// Serial number the next emitter gets.
    public var nextSerial: UInt64 = 0
    /// Emitter entities, oldest first.
    public var emitters: [Entity] = []

    /// An empty roster.
    public init() {}
}
