import Foundation

/// The files a scene may use, and when each last changed: the scene file, its recording, and
/// every file in the scene's folder and below (art, skins, included files), up to a cap so a
/// scene in a huge folder costs a bounded look. Comparing two looks says whether to reload.
/// Polling modification times is cheap (one `stat` per file) and needs nothing of the system.
/// What renders write (videos, logs, `out/` and `report/` folders) is no file a scene uses:
/// a render into the scene's folder must not reload the page at every frame.
struct WatchedFiles: Equatable {
    /// Files looked at, at most.
    static let cap = 2_000
    /// Folder depth below the scene's folder.
    static let depth = 4

    /// Outputs, never inputs of a scene.
    static let skippedExtensions: Set<String> = ["mp4", "webm", "gif", "mkv", "mov", "log", "out", "err", "partial", "tmp"]
    static let skippedFolders: Set<String> = ["out", "report", "node_modules"]

    private(set) var stamps: [String: [Int]] = [:]

    /// A look at the files of the scene at `scene` and the extra `files` now.
    static func look(scene: String, files: [String] = []) -> WatchedFiles {
        var look = WatchedFiles()
        look.stamp(scene)
        for file in files { look.stamp(file) }
        let folder = (scene as NSString).deletingLastPathComponent
        look.walk(folder.isEmpty ? "." : folder, depth: depth)
        return look
    }

    private mutating func stamp(_ path: String) {
        var info = stat()
        // A missing file is a state too: it coming back is a change.
        stamps[path] = stat(path, &info) == 0 ? [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_size)] : []
    }

    private mutating func walk(_ folder: String, depth: Int) {
        guard depth >= 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            guard stamps.count < Self.cap else { return }
            let path = folder + "/" + name
            var info = stat()
            // lstat: a symbolic link is watched as itself, never followed out of the folder.
            guard lstat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                if !Self.skippedFolders.contains(name) { walk(path, depth: depth - 1) }
            } else if (info.st_mode & S_IFMT) == S_IFREG && !Self.skippedExtensions.contains((name as NSString).pathExtension.lowercased()) {
                stamp(path)
            }
        }
    }
}

/// When to reload: once the files changed since the last reload and then stayed as they were
/// for one look. An editor saving in place empties the file, then writes it: reading between
/// the two would show the empty file's problems, then reload once more.
struct SettledChange {
    private var loaded: WatchedFiles
    private var seen: WatchedFiles

    /// Starts from `files` as loaded.
    init(_ files: WatchedFiles) {
        loaded = files
        seen = files
    }

    /// Whether the look `now` is a settled change; when it is, it counts as loaded from then on.
    mutating func isSettled(_ now: WatchedFiles) -> Bool {
        defer { seen = now }
        guard now == seen, now != loaded else { return false }
        loaded = now
        return true
    }
}
