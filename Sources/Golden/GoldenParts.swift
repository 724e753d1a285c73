/// Which parts of a golden scene `check` compares: its frames (drawn), its trace and rules,
/// its sound (both from a run without drawing).
public struct GoldenParts: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The golden frames (the only part that draws).
    public static let frames = GoldenParts(rawValue: 1)
    /// The golden trace and the rules.
    public static let traces = GoldenParts(rawValue: 2)
    /// The golden soundtrack.
    public static let sound = GoldenParts(rawValue: 4)
    /// Everything.
    public static let all: GoldenParts = [.frames, .traces, .sound]

    /// The parts by the names `check --only` takes.
    public static let names: [(String, GoldenParts)] = [("frames", .frames), ("traces", .traces), ("sound", .sound)]
}
