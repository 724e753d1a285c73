/// The values one game keeps in one profile, by key: what a run starts with and what it hands
/// back at its end. Plain data, so a simulation can take and give it without any I/O; keys are
/// always visited in sorted order, never in a dictionary's.
public struct SavedValues: Sendable, Equatable {
    private var values: [String: SavedValue]

    /// Values from their keys.
    public init(_ values: [String: SavedValue] = [:]) { self.values = values }

    /// No values: a new profile, or a run without one.
    public static let none = SavedValues()

    /// The value under `key`, if there is one.
    public subscript(key: String) -> SavedValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// Whether it holds no value.
    public var isEmpty: Bool { values.isEmpty }

    /// How many values it holds.
    public var count: Int { values.count }

    /// Its keys and values, keys in sorted order.
    public var sorted: [(key: String, value: SavedValue)] {
        values.keys.sorted().map { ($0, values[$0]!) }
    }

    /// The values of `self` that `earlier` does not hold or holds differently: what changed.
    public func changes(since earlier: SavedValues) -> SavedValues {
        SavedValues(values.filter { earlier.values[$0.key] != $0.value })
    }

    /// These values with every value of `newer` put over them.
    public func merging(_ newer: SavedValues) -> SavedValues {
        SavedValues(values.merging(newer.values) { $1 })
    }
}
