/// A check of a scene over many seeds of what it leaves to chance — a shared session's
/// network, for the princess game — as `aria-render sync-check` runs it: the first seed that
/// breaks the game's promises fails.
public protocol SeedSweep: Sendable {
    /// Runs `scene` under seeds `firstSeed` … `firstSeed + seeds - 1`, stopping at the first
    /// failure; throws `GameRunError` for a scene that has nothing to check.
    func sweep(_ scene: any GameScene, seeds: Int, firstSeed: UInt64) throws -> SeedSweepResult
}

/// What a sweep found: a line for people, a JSON object for machines, and the failure.
public struct SeedSweepResult: Sendable, Equatable {
    /// One line: how many seeds ran, and what was measured.
    public var summary: String
    /// The same as one JSON object.
    public var json: String
    /// The first failure in words (several lines: where, and what each side held); nil when every seed passed.
    public var failure: String?

    /// A result from its parts.
    public init(summary: String, json: String, failure: String?) {
        self.summary = summary
        self.json = json
        self.failure = failure
    }
}
