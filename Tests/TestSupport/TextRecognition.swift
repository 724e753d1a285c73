import Foundation

/// Reads text back off a picture with tesseract (`tesseract-ocr`, `tesseract-ocr-kor`): proof
/// that drawn words are legible, not merely that some pixels changed.
public enum TextRecognition {
    /// The text tesseract reads in the PNG at `path`, in `language` (`eng`, `kor`), segmenting
    /// the page in `pageSegmentation` mode (3: automatic; 6: one uniform block of text).
    public static func read(png path: String, language: String, pageSegmentation: Int = 3) throws -> String {
        let result = try Subprocess.run("tesseract", [path, "stdout", "-l", language, "--psm", String(pageSegmentation)], timeout: 60)
        guard result.status == 0, !result.timedOut else {
            throw FixtureError("tesseract could not read \(path) (\(language)): \(result.standardError)"
                               + " — scripts/install-deps.sh test installs it")
        }
        return result.standardOutput
    }

    /// The share of `expected`'s letters read right somewhere in `read`: 1 minus the fewest
    /// edits that turn `expected` into some stretch of `read`, over `expected`'s length (both
    /// compared as `letters`), so 0.9 means nine characters in ten right.
    public static func accuracy(of expected: String, in read: String) -> Double {
        let want = Array(letters(expected)), got = Array(letters(read))
        guard !want.isEmpty else { return 1 }
        // Semi-global alignment: the stretch may start and end anywhere in what was read.
        var previous = [Int](repeating: 0, count: got.count + 1)
        for i in 1...want.count {
            var current = [Int](repeating: i, count: got.count + 1)
            for j in stride(from: 1, through: got.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (want[i - 1] == got[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return 1 - Double(previous.min() ?? want.count) / Double(want.count)
    }

    /// `text` without spaces, line breaks and punctuation, lowercased: what two readings of the
    /// same words agree on, whatever spacing or stray marks tesseract adds.
    public static func letters(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { CharacterSet.letters.contains($0) || CharacterSet.decimalDigits.contains($0) }
            .map(Character.init))
    }
}
