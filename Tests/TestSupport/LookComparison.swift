import GameKit
import ImageDiff

/// Two runs of one scene drawn side by side at the same frames and compared pixel by pixel
/// (pixelmatch-like, the default threshold): how the skin round trips measure "the same look".
public enum LookComparison {
    /// Straight RGBA of an opaque frame (BGRA in memory).
    public static func image(_ run: any GameRun) throws -> RGBAImage {
        let pixels = try run.drawFrame()
        var bytes = frameBytes(pixels)
        for i in stride(from: 0, to: bytes.count, by: 4) { bytes.swapAt(i, i + 2) }
        return RGBAImage(width: pixels.width, height: pixels.height, bytes: bytes)
    }

    /// For each of `frames` (in order), how many pixels of `actual` differ from `expected`
    /// beyond the default threshold, of how many, and whether the frames are byte for byte the same.
    public static func differences(_ expected: any GameRun, _ actual: any GameRun,
                                   frames: [Int]) throws -> [(frame: Int, different: Int, total: Int, identical: Bool)] {
        try frames.sorted().map { frame in
            expected.advance(toFrame: frame)
            actual.advance(toFrame: frame)
            let comparison = ImageComparator.compare(try image(expected), try image(actual), options: ComparisonOptions(makeDiffImage: false))
            return (frame, comparison.differentPixels, comparison.totalPixels, comparison.identical)
        }
    }
}
