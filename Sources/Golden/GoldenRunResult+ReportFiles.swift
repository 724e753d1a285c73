extension GoldenRunResult {
    /// Whether any part of the run was checked (trace and rules, or sound).
    public var checked: Bool { trace != nil || sound != nil }

    /// The same results with the paths of the files written to the report folder (the run's
    /// trace and the golden's copy, its soundtrack, the sound's picture, the golden soundtrack's copy) passed through
    /// `move`; the golden's own path stays.
    public func movingReportFiles(_ move: (String) throws -> String?) rethrows -> GoldenRunResult {
        var moved = self
        moved.trace?.actualPath = try trace?.actualPath.flatMap(move)
        moved.trace?.goldenCopyPath = try trace?.goldenCopyPath.flatMap(move)
        moved.sound?.actualPath = try sound?.actualPath.flatMap(move)
        moved.sound?.picturePath = try sound?.picturePath.flatMap(move)
        moved.sound?.goldenCopyPath = try sound?.goldenCopyPath.flatMap(move)
        return moved
    }
}
