/// Counts by name, remembering the order names first appeared (never a dictionary's order).
public struct OrderedCounts: Sendable, Equatable {
    /// Names with their counts, in first-seen order.
    public private(set) var entries: [(name: String, count: Int)] = []

    /// No counts.
    public init() {}

    /// One more of `name`.
    public mutating func add(_ name: String) {
        if let index = entries.firstIndex(where: { $0.name == name }) {
            entries[index].count += 1
        } else {
            entries.append((name, 1))
        }
    }

    /// The sum of all counts.
    public var total: Int { entries.reduce(0) { $0 + $1.count } }

    /// The count of `name`.
    public subscript(name: String) -> Int { entries.first { $0.name == name }?.count ?? 0 }

    /// "wave 2, jump 5", or "none".
    public var listing: String {
        entries.isEmpty ? "none" : entries.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
    }

    public static func == (lhs: OrderedCounts, rhs: OrderedCounts) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.name == $1.name && $0.count == $1.count }
    }
}
