/// The values one game keeps in one profile, by key: what a run starts with and what it hands
/// back at its end. Plain data, so a simulation can take and give it without any I/O; keys are
/// always visited in sorted order, never in a dictionary's.
public struct SavedValues: Sendable, Equatable {
    private var values: [String: SavedValue]
    /// Rows of the game's own tables (`ProfileTables`), in the order they are written.
    public var records: [SavedRecord]

    /// Values from their keys, and rows.
    public init(_ values: [String: SavedValue] = [:], records: [SavedRecord] = []) {
        self.values = values
        self.records = records
    }

    /// No values: a new profile, or a run without one.
    public static let none = SavedValues()

    /// The value under `key`, if there is one.
    public subscript(key: String) -> SavedValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// Whether it holds no value and no row.
    public var isEmpty: Bool { values.isEmpty && records.isEmpty }

    /// How many values it holds.
    public var count: Int { values.count }

    /// Its keys and values, keys in sorted order.
    public var sorted: [(key: String, value: SavedValue)] {
        values.keys.sorted().map { ($0, values[$0]!) }
    }

    /// The values of `self` that `earlier` does not hold or holds differently: what changed.
    public func changes(since earlier: SavedValues) -> SavedValues {
        SavedValues(values.filter { earlier.values[$0.key] != $0.value }, records: records.filter { !earlier.records.contains($0) })
    }

    /// These values with every value of `newer` put over them.
    public func merging(_ newer: SavedValues) -> SavedValues {
        SavedValues(values.merging(newer.values) { $1 }, records: records + newer.records.filter { !records.contains($0) })
    }
}
