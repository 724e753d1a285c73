import Foundation
import GameKit

/// What `validate`, `simulate` and `render` say of a scene's run before anything else.
public enum SceneWarnings {
    /// Prints the warnings of a run of `opened` (with `options`) at their entries in `file` on
    /// standard error; with `strict`, warnings are bad input (`GameRunError`, exit 2) before
    /// anything is written.
    @discardableResult
    public static func report(_ opened: OpenedScene, file: String, options: RunOptions = RunOptions(), strict: Bool) throws -> SceneReview? {
        let review = try opened.review(file: file, options: options)
        for warning in review?.warnings ?? [] { FileHandle.standardError.write(Data((warning.description + "\n").utf8)) }
        if strict, let count = review?.warnings.count, count > 0 { throw GameRunError("--strict: \(count) warning\(count == 1 ? "" : "s")") }
        return review
    }

    /// The review `validate` prints: its warnings on standard error and its words for the
    /// summary line (`; 3 characters appear`); a scene that cannot run without more (a profile
    /// it hunts from) is valid and says why it was not run.
    public static func validation(_ opened: OpenedScene, file: String) -> (review: SceneReview?, words: String) {
        do {
            let review = try report(opened, file: file, strict: false)
            return (review, review?.outline.map { "; " + $0 } ?? "")
        } catch {
            return (nil, "; not run: \(error)")
        }
    }
}
