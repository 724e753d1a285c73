import ArgumentParser

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
            guard let last = Int(parts[1]), last >= first else { return nil }
            self.last = last
        }
        self.first = first
    }

    /// The frames as a range, checked against a scene of `frameCount` frames.
    func range(frameCount: Int) throws -> Range<Int> {
        let end = last.map { $0 + 1 } ?? frameCount
        guard first < frameCount, end <= frameCount else {
            throw ToolFailure(.badInput, "--frames \(first)-\(last.map(String.init) ?? "") is outside the scene's frames 0-\(frameCount - 1)")
        }
        return first..<end
    }
}

/// A canvas size given as `WxH`.
struct CanvasSize: ExpressibleByArgument, Equatable {
    let width: Int
    let height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (16...8192).contains(width), (16...8192).contains(height) else { return nil }
        self.width = width
        self.height = height
    }
}
