/// A typed event a game records in its trace: it knows its trace name, its character and its
/// fields, so the engine writes, compares and checks any game's trace the same way.
public protocol TraceableEvent: Sendable {
    /// What happened, by the trace's name (`spawn`, `phase`, `detection`…).
    var name: String { get }
    /// The id of the character (or game object) concerned, if one is.
    var character: String? { get }
    /// The fields after `character`, in the order they are written.
    var fields: [TraceField] { get }
    /// Whether `other` is the same event (same type, equal).
    func isSame(as other: any TraceableEvent) -> Bool
}

extension TraceableEvent where Self: Equatable {
    /// Equal when `other` is of this type and equal to it.
    public func isSame(as other: any TraceableEvent) -> Bool { (other as? Self) == self }
}
