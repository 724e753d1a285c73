import Foundation

/// What brings back a golden file that is missing or cannot be read. When git tracks it, the
/// approved file is in the history: `git restore PATH` brings it back, whereas `golden update`
/// would approve whatever the code does now. A golden git does not track is new: it is made.
public enum GoldenRestoreHint {
    /// `git restore PATH` when git tracks `path` (also when it was deleted from the work
    /// tree); nil when it does not, or git is not there.
    public static func command(for path: String) -> String? {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        // The nearest folder that still exists: a scene's folder may be deleted whole.
        var folder = absolute.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path), folder.pathComponents.count > 1 {
            folder = folder.deletingLastPathComponent()
        }
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "-C", folder.path, "ls-files", "--error-unmatch", "--", absolute.path]
        git.standardOutput = FileHandle.nullDevice
        git.standardError = FileHandle.nullDevice
        do { try git.run() } catch { return nil }
        git.waitUntilExit()
        guard git.terminationStatus == 0 else { return nil }
        let quoted = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+".contains($0) } ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return "git restore " + quoted
    }

    /// A golden `what` (`golden trace`) that is missing, in words: what to run to bring it
    /// back (`restore`) or, for a new one, to make it.
    static func missingWords(_ what: String, restore: String?) -> String {
        guard let restore else { return "no \(what) yet; run `\(GoldenRunResult.approvalCommand)` to make it" }
        return "the \(what) is missing, but git tracks it; run `\(restore)` to bring it back "
            + "(`\(GoldenRunResult.approvalCommand)` would approve this run as it is)"
    }

    /// What to run about a golden that cannot be read: bring back the approved one when git
    /// tracks it (`restore`), else make it again.
    static func unreadableWords(restore: String?) -> String {
        restore.map { "run `\($0)` to bring back the approved one" } ?? "`\(GoldenRunResult.approvalCommand)` makes it again"
    }
}
