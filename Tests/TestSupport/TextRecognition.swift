import Foundation

/// Reads text back off a picture with tesseract (`tesseract-ocr`, `tesseract-ocr-kor`): proof
/// that drawn words are legible, not merely that some pixels changed.
public enum TextRecognition {
    /// The text tesseract reads in the PNG at `path`, in `language` (`eng`, `kor`).
    public static func read(png path: String, language: String) throws -> String {
        let result = try Subprocess.run("tesseract", [path, "stdout", "-l", language, "--psm", "3"], timeout: 60)
        guard result.status == 0, !result.timedOut else {
            throw FixtureError("tesseract could not read \(path) (\(language)): \(result.standardError)"
                               + " — scripts/install-deps.sh test installs it")
        }
        return result.standardOutput
    }

    /// `text` without spaces, line breaks and punctuation, lowercased: what two readings of the
    /// same words agree on, whatever spacing or stray marks tesseract adds.
    public static func letters(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { CharacterSet.letters.contains($0) || CharacterSet.decimalDigits.contains($0) }
            .map(Character.init))
    }
}
