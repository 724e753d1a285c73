import ArgumentParser
import Foundation
import Golden
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
        print(json ? ImageComparisonReport.json(result, diffPath: result.diffImage == nil ? nil : output)
                   : ImageComparisonReport.sentence(result, first: first, second: second))
        if !result.matches { throw ExitCode(ToolFailure.Status.differences.rawValue) }
    }
}
