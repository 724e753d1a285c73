import Golden
import ImageDiff
import Catalogue

/// The comparison figures: two 1920×1080 frames differing in about 1 % of their
/// pixels, compared with anti-aliasing detection and a diff image.
enum DiffBenchmark {
    static func run() -> BenchReport {
        let width = 1920, height = 1080
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        // A soft gradient with a grid of discs, so most pixels vary and edges are anti-aliased.
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                bytes[offset] = UInt8(180 + x * 60 / width)
                bytes[offset + 1] = UInt8(160 + y * 80 / height)
                bytes[offset + 2] = 220
                let cx = (x % 120) - 60, cy = (y % 120) - 60
                let distance = cx * cx + cy * cy
                if distance < 1600 { bytes[offset] = 230; bytes[offset + 1] = 80; bytes[offset + 2] = 140 }
                else if distance < 1680 { bytes[offset] = 205; bytes[offset + 1] = 120; bytes[offset + 2] = 180 }
            }
        }
        let expected = RGBAImage(width: width, height: height, bytes: bytes)
        var changed = expected
        // About 1 % of the pixels: 18 blocks of 40×29 spread over the frame.
        for block in 0..<18 {
            let x0 = (block % 6) * 300 + 40, y0 = (block / 6) * 330 + 60
            for y in y0..<(y0 + 29) {
                for x in x0..<(x0 + 40) { changed.setPixel(x: x, y: y, red: 20, green: 200, blue: 40) }
            }
        }
        var differing = 0
        let milliseconds = fastestNanoseconds(trials: 7) {
            differing = ImageComparator.compare(expected, changed).differentPixels
        } / 1e6
        var report = BenchReport()
        report.add("diff_ms_1080p", milliseconds)
        report.add("diff_different_share", Double(differing) / Double(width * height) * 100, decimals: 3)
        addCheckFigure(to: &report)
        CheckRunsBenchmark.add(to: &report)
        return report
    }

    /// `check_s`: the whole check of Golden/ (run from the repository root), in process.
    static func addCheckFigure(to report: inout BenchReport) {
        guard let manifest = try? GoldenManifestReader.read(folder: "Golden", games: Catalogue.games) else {
            printError("aria-bench diff: no Golden/manifest.yaml here; run from the repository root for check_s")
            return
        }
        let checker = GoldenChecker(manifest: manifest, source: SimulatedGoldenSource(games: Catalogue.games), reportFolder: nil)
        var frames = 0, passed = true
        let seconds = fastestNanoseconds(trials: 1) {
            for scene in manifest.scenes {
                guard let result = try? checker.check(scene) else { passed = false; continue }
                frames += result.frames.count
                passed = passed && result.passed
            }
        } / 1e9
        report.add("check_s", seconds)
        report.add("check_frames", Double(frames), decimals: 0)
        report.add("check_passed", passed ? 1 : 0, decimals: 0)
    }
}
