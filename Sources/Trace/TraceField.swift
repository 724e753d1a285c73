/// One named field of a trace line.
public struct TraceField: Sendable, Equatable {
    /// The JSON key.
    public var name: String
    /// The value.
    public var value: TraceValue

    /// A field from its parts.
    public init(_ name: String, _ value: TraceValue) {
        self.name = name
        self.value = value
    }
}
