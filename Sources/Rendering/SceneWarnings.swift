import Foundation
import GameKit
import Scene

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

    /// `validate`'s line for a valid scene (`file: ok (…)`) after its warnings on standard error;
    /// nil when `strict` refuses its warnings. A scene that cannot run without more (a profile it
    /// hunts from) is valid and says why it was not run; any other reason a run cannot be made
    /// (a skin's file missing, an option) is thrown, as `render` would.
    public static func validation(_ opened: OpenedScene, file: String, strict: Bool) throws -> String? {
        var words: String
        do {
            let review = try report(opened, file: file, strict: false)
            if strict, review?.warnings.isEmpty == false { return nil }
            words = review?.outline.map { "; " + $0 } ?? ""
        } catch let error as GameRunError where error.needsProfile {
            words = "; not run: \(error)"
        }
        let header = opened.scene.header
        let game = header.game == SceneHeader.defaultGame ? "" : "\(header.game): "
        let seconds = header.duration == header.duration.rounded() ? "\(Int(header.duration)) s" : "\(header.duration) s"
        return "\(file): ok (\(game)\(opened.scene.outline)\(words), \(header.canvasWidth)x\(header.canvasHeight), \(seconds))"
    }
}
