import ArgumentParser
import SceneFile

/// The frames `--frames A-B` or `--frames A-` names: A through B inclusive, or A to the end.
struct FrameSelection: ExpressibleByArgument, Equatable {
    let first: Int
    let last: Int?

    init?(argument: String) {
        let parts = argument.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int(parts[0]), first >= 0 else { return nil }
        if parts[1].isEmpty {
            last = nil
        } else {
            // A range given backwards is read, and refused with its own words by `check`.
            guard let last = Int(parts[1]), last >= 0 else { return nil }
            self.last = last
        }
        self.first = first
    }

    /// Refuses a range given backwards ("100-50").
    func check() throws {
        if let last, last < first {
            throw ValidationError("--frames \(first)-\(last): the last frame comes before the first; give A-B with A ≤ B")
        }
    }
}

/// A canvas size given as `WxH`.
struct CanvasSize: ExpressibleByArgument, Equatable {
    let width: Int
    let height: Int

    /// The sizes a canvas may have: the scene file's limits.
    static let widths = SceneFileLimits.canvasWidths
    static let heights = SceneFileLimits.canvasHeights

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        self.width = width
        self.height = height
    }

    /// Refuses a size outside the limits, saying them (`option` is the flag it came with).
    func check(_ option: String) throws {
        guard Self.widths.contains(width), Self.heights.contains(height) else {
            throw ValidationError("\(option) \(width)x\(height) is out of range: the width must be \(Self.widths.lowerBound)…\(Self.widths.upperBound) "
                + "and the height \(Self.heights.lowerBound)…\(Self.heights.upperBound), as for a scene's canvas")
        }
    }
}
