import SceneFile

/// The frames `--frames A-B` or `--frames A-` names: A through B inclusive, or A to the end.
public struct RequestedFrames: Equatable, Sendable {
    /// The first frame.
    public let first: Int
    /// The last frame; nil: to the end.
    public let last: Int?

    /// The span `text` names (`A-B`, `A-`), or nil when it names none.
    public init?(text: String) {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int(parts[0]), first >= 0 else { return nil }
        if parts[1].isEmpty {
            last = nil
        } else {
            // A span given backwards is read, and refused in its own words by `problem`.
            guard let last = Int(parts[1]), last >= 0 else { return nil }
            self.last = last
        }
        self.first = first
    }

    /// What is wrong with it (a span given backwards, "100-50"), or nil.
    public var problem: String? {
        guard let last, last < first else { return nil }
        return "--frames \(first)-\(last): the last frame comes before the first; give A-B with A ≤ B"
    }
}

/// A canvas size given as `WxH`.
public struct CanvasSize: Equatable, Sendable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int

    /// The sizes a canvas may have: the scene file's limits.
    public static let widths = SceneFileLimits.canvasWidths
    /// The sizes a canvas may have: the scene file's limits.
    public static let heights = SceneFileLimits.canvasHeights

    /// The size `text` names (`1280x720`), or nil when it names none.
    public init?(text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        self.width = width
        self.height = height
    }

    /// What is wrong with it given with `option`: a size outside the limits, saying them; or nil.
    public func problem(_ option: String) -> String? {
        guard !Self.widths.contains(width) || !Self.heights.contains(height) else { return nil }
        return "\(option) \(width)x\(height) is out of range: the width must be \(Self.widths.lowerBound)…\(Self.widths.upperBound) "
            + "and the height \(Self.heights.lowerBound)…\(Self.heights.upperBound), as for a scene's canvas"
    }
}
