import Fingerprint
import Foundation
import Output
#if canImport(Glibc)
import Glibc
#endif

/// The write-ahead journal that makes `golden update` one step for the whole set.
///
/// An update renders every scene into a complete new folder inside its staging folder
/// (`.update-PID/<scene>`), and the new fingerprint beside them; nothing under the golden
/// folder's own names changes. Then it writes this journal (`.update-journal`, by a temporary
/// name and a rename): from that instant the update is decided. Rolling forward puts each new
/// folder in place of the old one by an exchange (or, where the file system cannot exchange,
/// two renames), then the fingerprint, then removes the journal and the staging folder. Each
/// step looks at what is already done (a scene is in place when its folder is the new one,
/// known by its inode), so it can be repeated after a kill at any point: the next `golden
/// update` (or anything that calls `recover`) finishes it. Without a journal, a staging
/// folder is an update that never decided, and is deleted.
///
/// The journal, one item a line:
///
///     aria-render golden update journal 1
///     staging .update-4242
///     scene 1837301 default
///     scene 1837355 face-magic
///     fingerprint
struct GoldenUpdateJournal: Equatable {
    static let fileName = ".update-journal"
    static let header = "aria-render golden update journal 1"

    /// One scene to put in place: its new folder's inode and its name.
    struct Scene: Equatable {
        var inode: UInt64
        var name: String
    }

    /// The staging folder's name inside the golden folder.
    var staging: String
    var scenes: [Scene]
    /// Whether a new `fingerprint.yaml` waits in the staging folder.
    var fingerprint: Bool

    var text: String {
        ([Self.header, "staging \(staging)"] + scenes.map { "scene \($0.inode) \($0.name)" }
            + (fingerprint ? ["fingerprint"] : [])).joined(separator: "\n") + "\n"
    }

    /// The journal of `text`, or nil when it is not one (a torn write cannot happen: the
    /// journal is renamed into place whole).
    init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard lines.first == Self.header, lines.count >= 2, lines[1].hasPrefix("staging ") else { return nil }
        staging = String(lines[1].dropFirst("staging ".count))
        guard staging.hasPrefix(".update-"), !staging.contains("/") else { return nil }
        lines.removeFirst(2)
        scenes = []
        fingerprint = false
        for line in lines {
            if line == "fingerprint" { fingerprint = true; continue }
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3, parts[0] == "scene", let inode = UInt64(parts[1]), Self.isSceneName(parts[2]) else { return nil }
            scenes.append(Scene(inode: inode, name: parts[2]))
        }
    }

    /// A scene's folder below the golden folder (`default`, or a game's `princess/default`):
    /// parts that are names, never `.`, `..`, empty or absolute, so a journal cannot reach out.
    static func isSceneName(_ name: String) -> Bool {
        name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    init(staging: String, scenes: [Scene], fingerprint: Bool) {
        self.staging = staging
        self.scenes = scenes
        self.fingerprint = fingerprint
    }

    /// Writes the journal into `folder` durably: the update is decided once this returns.
    func write(in folder: String) throws {
        let path = folder + "/" + Self.fileName, temporary = path + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        var written = descriptor >= 0
        if written {
            let bytes = Array(text.utf8)
            written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, $0.count) } == bytes.count
            written = fsync(descriptor) == 0 && written
            written = close(descriptor) == 0 && written
        }
        guard written, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ImageFileError(description: "\(path): cannot be written (\(reason))")
        }
        GoldenFolderLock.syncFolder(folder)
    }

    /// The journal left in `folder`, if any. A journal that cannot be read is an error: the
    /// folder is in the middle of an update that no one can finish.
    static func read(in folder: String) throws -> GoldenUpdateJournal? {
        let path = folder + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path),
              let journal = GoldenUpdateJournal(text: String(decoding: data, as: UTF8.self)) else {
            throw ImageFileError(description: "\(path): an interrupted golden update's journal cannot be read; "
                                 + "remove it and the .update-* folder beside it, then restore the golden folder from version control")
        }
        return journal
    }

    /// Finishes the journal's update in `folder`: every scene's new folder in place, the new
    /// fingerprint, then the journal and the staging folder removed. `stage` is told after each
    /// step (a test stops there). Throws when a step fails; the journal then stays for the next try.
    func rollForward(in folder: String, stage: (GoldenUpdateStage) throws -> Void) throws {
        let staging = folder + "/" + staging
        for scene in scenes {
            let fresh = staging + "/" + scene.name, live = folder + "/" + scene.name
            if Self.inode(of: live) == scene.inode { try stage(.swapped(scene.name)); continue }
            guard Self.inode(of: fresh) == scene.inode else {
                throw ImageFileError(description: "\(fresh): the new goldens of an interrupted update are missing; "
                                     + "restore \(folder) from version control and update again")
            }
            if Self.inode(of: live) == nil {
                // A game's first golden scene: its game folder (Golden/<game>/) may not exist yet.
                try? FileManager.default.createDirectory(atPath: (live as NSString).deletingLastPathComponent,
                                                         withIntermediateDirectories: true)
                try Self.move(fresh, to: live)
            } else if !DirectoryExchange.exchange(fresh, live) {
                // No exchange here: two renames, with a moment in which the scene has no folder.
                // A game's scene is named `game/scene`: its retired folder is flattened to one name.
                let retired = staging + "/.retired-" + scene.name.replacingOccurrences(of: "/", with: "-")
                try? FileManager.default.removeItem(atPath: retired)
                try Self.move(live, to: retired)
                try Self.move(fresh, to: live)
            }
            GoldenFolderLock.syncFolder(folder)
            try stage(.swapped(scene.name))
        }
        let newFingerprint = staging + "/" + LibraryFingerprint.fileName
        if fingerprint, FileManager.default.fileExists(atPath: newFingerprint) {
            try Self.move(newFingerprint, to: folder + "/" + LibraryFingerprint.fileName)
            GoldenFolderLock.syncFolder(folder)
        }
        try stage(.fingerprintWritten)
        guard unlink(folder + "/" + Self.fileName) == 0 || errno == ENOENT else {
            throw ImageFileError(description: "\(folder)/\(Self.fileName): cannot be removed (\(String(cString: strerror(errno))))")
        }
        GoldenFolderLock.syncFolder(folder)
        try stage(.journalRemoved)
        try? FileManager.default.removeItem(atPath: staging)
    }

    /// For each scene of the journal, the files its new folder changes, adds or drops against
    /// the old one (whichever of the two is in place now), by name.
    func changedFiles(in folder: String) -> [(scene: String, files: [String])] {
        let manager = FileManager.default
        return scenes.map { scene in
            let fresh = folder + "/" + staging + "/" + scene.name, live = folder + "/" + scene.name
            let retired = folder + "/" + staging + "/.retired-" + scene.name.replacingOccurrences(of: "/", with: "-")
            // Swapped already: the old folder is where the new one was (an exchange) or retired (two renames).
            let (new, old) = Self.inode(of: live) == scene.inode ? (live, manager.fileExists(atPath: fresh) ? fresh : retired) : (fresh, live)
            let names = Set((try? manager.contentsOfDirectory(atPath: new)) ?? []).union((try? manager.contentsOfDirectory(atPath: old)) ?? [])
            let changed = names.filter { name in
                let a = new + "/" + name, b = old + "/" + name
                if let x = Self.inode(of: a), x == Self.inode(of: b) { return false }
                return manager.contents(atPath: a) != manager.contents(atPath: b)
            }
            return (scene.name, changed.sorted())
        }
    }

    static func inode(of path: String) -> UInt64? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return UInt64(status.st_ino)
    }

    static func move(_ from: String, to: String) throws {
        guard rename(from, to) == 0 else {
            throw ImageFileError(description: "\(to): cannot be replaced (\(String(cString: strerror(errno))))")
        }
    }
}

/// The points of an update at which a test may stop it, in order. Rendering ends with
/// `.rendered` for each scene; `.journalWritten` is the point of no return.
public enum GoldenUpdateStage: Equatable, Sendable, CustomStringConvertible {
    case rendered(String)
    case journalWritten
    case swapped(String)
    case fingerprintWritten
    case journalRemoved
    case finished

    public var description: String {
        switch self {
        case .rendered(let scene): return "rendered \(scene)"
        case .journalWritten: return "journal written"
        case .swapped(let scene): return "swapped \(scene)"
        case .fingerprintWritten: return "fingerprint written"
        case .journalRemoved: return "journal removed"
        case .finished: return "finished"
        }
    }
}

/// One update at a time per golden folder: an advisory lock on the folder itself (nothing
/// is left behind), released when the process ends however it ends.
struct GoldenFolderLock {
    private let descriptor: Int32

    /// Takes the lock, or nil when another process holds it.
    init?(folder: String) throws {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ImageFileError(description: "\(folder): cannot open the golden folder (\(String(cString: strerror(errno))))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Makes the files in `folder` durable, then the folder itself.
    static func syncFiles(in folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let descriptor = open(folder + "/" + name, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            fsync(descriptor)
            close(descriptor)
        }
        syncFolder(folder)
    }

    /// Makes the folder's renames durable (a power cut, not only a kill).
    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
