/// One vocabulary on the wire: each value with the number that stands for it in a message.
/// The numbers are written down here, not taken from the order of an enum's cases, so
/// reordering or adding a case can never change what old bytes mean (docs/sync-format.md).
public struct WireCodeTable<Value: Hashable & Sendable>: Sendable {
    /// What the codes name, in a rejection's reason ("unknown character kind").
    public let name: String
    /// Every code and its value, in code order.
    public let entries: [(code: UInt8, value: Value)]
    private let valueByCode: [UInt8: Value]
    private let codeByValue: [Value: UInt8]

    /// A table from its entries; a code or a value listed twice is a programming error.
    public init(_ name: String, _ entries: KeyValuePairs<UInt8, Value>) {
        self.name = name
        self.entries = entries.map { (code: $0.key, value: $0.value) }.sorted { $0.code < $1.code }
        valueByCode = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })
        codeByValue = Dictionary(uniqueKeysWithValues: entries.map { ($0.value, $0.key) })
    }

    /// The value a code stands for, or nil for a code the table does not know.
    public func value(for code: UInt8) -> Value? { valueByCode[code] }

    /// The code that stands for a value, or nil for a value that is never sent.
    public func code(for value: Value) -> UInt8? { codeByValue[value] }
}

/// What an `action` message's target byte says.
public enum ActionTargetCode: UInt8, Sendable, CaseIterable {
    /// Every character.
    case all = 0
    /// One character, whose id follows.
    case character = 1
}

/// What an `effect` message's place byte says.
public enum EffectPlaceCode: UInt8, Sendable, CaseIterable {
    /// The whole canvas.
    case canvas = 0
    /// A point, whose x and y follow.
    case point = 1
    /// A character, whose id follows.
    case character = 2
}
