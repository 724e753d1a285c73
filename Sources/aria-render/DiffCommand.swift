import ArgumentParser
import Foundation
import ImageDiff
import Kiosk
import Output

/// `aria-render diff A.png B.png`: compares two images the way `check` compares frames.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare two PNG images, excusing anti-aliasing; write a diff image.",
        discussion: "Exit codes: 0 the same, 1 different (or different sizes), 2 bad input."
    )

    @Argument(help: "The expected image (for example a golden frame).")
    var expected: String

    @Argument(help: "The actual image.")
    var actual: String

    @Option(name: .shortAndLong, help: "Write the diff image here (faded original, red differences, yellow anti-aliasing).")
    var output: String?

    @Option(help: "Colour difference threshold from 0 (exact) to 1; default 0.1.")
    var threshold: Double = 0.1

    @Flag(help: "Count anti-aliased pixels as differences too.")
    var countAntialiasing = false

    @Flag(help: "Print one JSON object instead of a sentence.")
    var json = false

    func validate() throws {
        guard threshold.isFinite, (0...1).contains(threshold) else {
            throw ValidationError("--threshold must be between 0 and 1, got \(threshold)")
        }
    }

    func run() throws {
        // A signal while comparing writes nothing; the diff image itself is written atomically.
        StopSignal.install()
        let first: RGBAImage, second: RGBAImage
        do {
            first = try PNGImageFile.read(expected)
            second = try PNGImageFile.read(actual)
        } catch let error as ImageFileError {
            throw ToolFailure(.badInput, error.description)
        }
        let options = ComparisonOptions(threshold: threshold, countAntialiasing: countAntialiasing,
                                        makeDiffImage: output != nil)
        let result = ImageComparator.compare(first, second, options: options)
        if let signal = StopSignal.requested { throw OutputError.interrupted(signal: signal) }
        if let output, let image = result.diffImage {
            do { try PNGImageFile.write(image, to: output) } catch let error as ImageFileError {
                throw ToolFailure(.systemFailure, error.description)
            }
        }
        print(json ? DiffReport.json(result, diffPath: result.diffImage == nil ? nil : output)
                   : DiffReport.sentence(result, first: first, second: second))
        if !result.matches { throw ExitCode(ToolFailure.Status.differences.rawValue) }
    }
}

/// How a comparison is told to a person or a program.
enum DiffReport {
    static func sentence(_ result: ImageComparison, first: RGBAImage, second: RGBAImage) -> String {
        if result.sizeMismatch {
            return "different sizes: \(first.width)x\(first.height) against \(second.width)x\(second.height)"
        }
        if result.identical { return "identical" }
        if result.matches {
            return "same: no pixel differs beyond the threshold (\(result.antialiasedPixels) anti-aliased pixels excused)"
        }
        let share = Double(result.differentPixels) / Double(max(result.totalPixels, 1)) * 100
        let boxes = result.regions.prefix(5).map { "\($0.width)x\($0.height)+\($0.x)+\($0.y)" }.joined(separator: ", ")
        let more = result.regions.count > 5 ? ", …" : ""
        return "different: \(result.differentPixels) pixels (\(String(format: "%.3f", share))%) in "
            + "\(result.regions.count) region\(result.regions.count == 1 ? "" : "s") [\(boxes)\(more)]"
            + "; \(result.antialiasedPixels) anti-aliased pixels excused"
    }

    /// The comparison as one JSON object (`diff --json`): snake_case keys, sorted.
    static func json(_ result: ImageComparison, diffPath: String?) -> String {
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
