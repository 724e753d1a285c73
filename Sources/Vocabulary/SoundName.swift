/// The name of a sound a game makes (`spawn`, `tick`, `power_up`): the `sound` field of the
/// trace and the key of a game's sound recipes. Open: each game names its own sounds.
public struct SoundName: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible {
    /// The name as the trace writes it.
    public let rawValue: String

    /// The sound called `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The sound called `value`.
    public init(stringLiteral value: String) { rawValue = value }

    /// Its name.
    public var description: String { rawValue }

    public static func < (lhs: SoundName, rhs: SoundName) -> Bool { lhs.rawValue < rhs.rawValue }
}
