import Catalogue
import Foundation

/// The one-line notice for an option spelled the old way (or a scene at its old path), kept
/// working for one release so that scripts have time to change.
enum OptionNotice {
    static func renamed(_ old: String, to new: String) {
        fputs("aria-render: note: \(old) is now \(new); the old spelling goes in the next release\n", stderr)
    }

    /// A moved scene's old path (Catalogue's `MovedScenes`) read as its new one, with a notice.
    @Sendable static func scenePath(_ path: String) -> String {
        guard let moved = MovedScenes.newPath(of: path, exists: { FileManager.default.fileExists(atPath: $0) }) else { return path }
        fputs("aria-render: note: \(path) is now \(moved); the old path goes in the next release\n", stderr)
        return moved
    }
}
