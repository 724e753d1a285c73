/// A detection held steady long enough to count (a capture, a find): its confidence stays
/// strictly over a threshold for a number of steps and, when a bound is set, its box's centre
/// stays within a fraction of the frame of where the hold began. A dip or a drift resets it.
public struct SteadyHold: Sendable, Equatable {
    /// The confidence a sample must be strictly over.
    public let threshold: Double
    /// The steps from the hold's first sample to its completion.
    public let steps: Int
    /// How far (a fraction of the frame, 0…1) the box's centre may move from where the hold
    /// began; nil: not checked.
    public let maxDrift: Double?
    /// The step the hold began, while one runs.
    public private(set) var heldSince: Int?
    /// Where the box's centre was when the hold began.
    private var anchor: CentrePoint?
    /// The hold's progress at the last sample, 0…1, for a hold ring.
    public private(set) var progress: Double = 0

    /// A hold over `threshold` for `steps` steps, within `maxDrift` when given.
    public init(threshold: Double = 0.8, steps: Int, maxDrift: Double? = nil) {
        self.threshold = threshold
        self.steps = max(1, steps)
        self.maxDrift = maxDrift
    }

    /// Feeds one sample at `step` (the confidence, the box's centre in 0…1 or nil when the game
    /// does not track it); returns what changed. A completed hold starts over at the next sample.
    public mutating func sample(confidence: Double, centre: (x: Double, y: Double)?, step: Int) -> SteadyHoldChange {
        guard confidence > threshold else { return end(.dip) }
        guard let since = heldSince else {
            heldSince = step
            anchor = centre.map { CentrePoint(x: $0.x, y: $0.y) }
            progress = 0
            return .began
        }
        if let maxDrift, let anchor, let centre {
            let dx = centre.x - anchor.x, dy = centre.y - anchor.y
            if (dx * dx + dy * dy).squareRoot() >= maxDrift { return end(.drift) }
        }
        let held = step - since
        guard held >= steps else {
            progress = Double(held) / Double(steps)
            return .none
        }
        heldSince = nil
        anchor = nil
        progress = 1
        return .completed
    }

    /// Ends a running hold (nothing when none runs), as a dip would.
    public mutating func cancel() { _ = end(.dip) }

    private mutating func end(_ reason: SteadyHoldReset) -> SteadyHoldChange {
        progress = 0
        guard heldSince != nil else { return .none }
        heldSince = nil
        anchor = nil
        return .reset(reason)
    }
}

/// What one sample did to a `SteadyHold`.
public enum SteadyHoldChange: Sendable, Equatable {
    /// Nothing new: a hold runs on, or none runs.
    case none
    /// A hold began at this sample.
    case began
    /// The running hold ended without completing.
    case reset(SteadyHoldReset)
    /// The hold lasted its steps: the capture, the find.
    case completed
}

/// Why a hold ended early.
public enum SteadyHoldReset: String, Sendable {
    /// The confidence fell to the threshold or under it.
    case dip
    /// The box moved too far from where the hold began.
    case drift
}

private struct CentrePoint: Sendable, Equatable {
    var x: Double
    var y: Double
}
