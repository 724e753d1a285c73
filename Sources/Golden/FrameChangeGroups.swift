import ImageDiff

/// A scene's frames that did not pass, grouped by the change they show, so a reviewer sees a
/// change once rather than in every frame it reaches: frames that differ in the same place
/// (their boxes of differences overlap by half the smaller one) are one change, as are
/// frames whose golden is missing, cannot be read, or is of the same other size.
public struct FrameChangeGroup: Equatable, Sendable {
    /// The frames, in order; the first stands for them all.
    public var frames: [GoldenFrameResult]

    /// The groups of `problems` (frames that did not pass), in the order of each group's first frame.
    public static func groups(_ problems: [GoldenFrameResult]) -> [FrameChangeGroup] {
        var groups: [FrameChangeGroup] = []
        for frame in problems {
            if let index = groups.firstIndex(where: { sameChange($0.frames[0], frame) }) {
                groups[index].frames.append(frame)
            } else {
                groups.append(FrameChangeGroup(frames: [frame]))
            }
        }
        return groups
    }

    /// What the change is, in a few words: `frames 0–299: 81×119 at (354, 188)`.
    public var words: String {
        let first = frames[0]
        let numbers = frames.count == 1 ? "frame \(first.frame)" : "\(frames.count) frames, \(first.frame)–\(frames.last!.frame)"
        switch first.status {
        case .failed: return numbers + ": " + (Self.box(first).map(\.description) ?? "pixels differ")
        case .missing: return numbers + ": no golden"
        case .unreadable: return numbers + ": golden cannot be read"
        case .wrongSize(let golden, let actual): return numbers + ": golden \(golden), now \(actual)"
        case .passed: return numbers
        }
    }

    static func sameChange(_ a: GoldenFrameResult, _ b: GoldenFrameResult) -> Bool {
        switch (a.status, b.status) {
        case (.failed, .failed):
            guard let p = box(a), let q = box(b) else { return false }
            let width = min(p.x + p.width, q.x + q.width) - max(p.x, q.x)
            let height = min(p.y + p.height, q.y + q.height) - max(p.y, q.y)
            guard width > 0, height > 0 else { return false }
            return 2 * width * height >= min(p.width * p.height, q.width * q.height)
        case (.missing, .missing), (.unreadable, .unreadable): return true
        case (.wrongSize(let g1, let a1), .wrongSize(let g2, let a2)): return g1 == g2 && a1 == a2
        default: return false
        }
    }

    /// The box around every region of differences of a frame, nil when it has none.
    static func box(_ frame: GoldenFrameResult) -> DiffRegion? {
        guard let regions = frame.comparison?.regions, !regions.isEmpty else { return nil }
        let left = regions.map(\.x).min()!, top = regions.map(\.y).min()!
        let right = regions.map { $0.x + $0.width }.max()!, bottom = regions.map { $0.y + $0.height }.max()!
        return DiffRegion(x: left, y: top, width: right - left, height: bottom - top, pixels: regions.reduce(0) { $0 + $1.pixels })
    }
}
