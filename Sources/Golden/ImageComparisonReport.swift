import Foundation
import ImageDiff

/// How a comparison is told to a person or a program.
public enum ImageComparisonReport {
    /// One line for a person: identical, the same within the threshold, or where it differs.
    public static func sentence(_ result: ImageComparison, first: RGBAImage, second: RGBAImage) -> String {
        if result.sizeMismatch {
            return "different sizes: \(first.width)x\(first.height) against \(second.width)x\(second.height)"
        }
        if result.identical { return "identical" }
        if result.matches {
            return "same: no pixel differs beyond the threshold (\(result.antialiasedPixels) anti-aliased pixels excused)"
        }
        let share = Double(result.differentPixels) / Double(max(result.totalPixels, 1)) * 100
        let boxes = result.regions.prefix(5).map(\.description).joined(separator: ", ")
        let more = result.regions.count > 5 ? ", …" : ""
        return "different: \(result.differentPixels) pixels (\(String(format: "%.3f", share))%) in "
            + "\(result.regions.count) region\(result.regions.count == 1 ? "" : "s") [\(boxes)\(more)]"
            + "; \(result.antialiasedPixels) anti-aliased pixels excused"
    }

    /// The comparison as one JSON object (`diff --json`): snake_case keys, sorted.
    public static func json(_ result: ImageComparison, diffPath: String?) -> String {
        let summary = DiffSummary(
            identical: result.identical, matches: result.matches, sizeMismatch: result.sizeMismatch,
            differentPixels: result.differentPixels, antialiasedPixels: result.antialiasedPixels, totalPixels: result.totalPixels,
            regions: result.regions.map { .init(x: $0.x, y: $0.y, width: $0.width, height: $0.height, pixels: $0.pixels) },
            diff: diffPath)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        // Encoding plain numbers, texts and flags cannot fail.
        return String(decoding: (try? encoder.encode(summary)) ?? Data("{}".utf8), as: UTF8.self)
    }
}

/// What `diff --json` prints; `diff` (the diff image's path) only when one was written.
private struct DiffSummary: Encodable {
    /// A rectangle of differing pixels.
    struct Region: Encodable {
        let x: Int, y: Int, width: Int, height: Int, pixels: Int
    }

    let identical: Bool
    let matches: Bool
    let sizeMismatch: Bool
    let differentPixels: Int
    let antialiasedPixels: Int
    let totalPixels: Int
    let regions: [Region]
    let diff: String?
}
