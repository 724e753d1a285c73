import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that a reader never sees half of one: the bytes go to a hidden temporary
/// name in the same folder, then a rename (atomic on one file system) gives the final name.
public enum StagedFile {
    /// A hidden temporary name beside `path`, unique to this process and `tag`.
    public static func temporaryName(for path: String, tag: String = "") -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        return folder + "/." + url.lastPathComponent + ".partial-\(getpid())\(tag)"
    }

    /// The folder that holds `path`, as the user wrote it (relative stays relative).
    public static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Writes `bytes` to `path` by way of a temporary name.
    public static func write(_ bytes: [UInt8], to path: String, tag: String = "") throws {
        let temporary = temporaryName(for: path, tag: tag)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw unwritable(path) }
        var written = 0
        let ok: Bool = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += n
            }
            return true
        }
        let error = errno
        if close(fd) != 0 || !ok {
            unlink(temporary)
            errno = ok ? errno : error
            throw unwritable(path)
        }
        try commit(temporary, to: path)
    }

    /// Gives a finished temporary file its final name.
    public static func commit(_ temporary: String, to path: String) throws {
        guard rename(temporary, path) == 0 else {
            let error = unwritable(path)
            unlink(temporary)
            throw error
        }
    }

    /// Makes the folder `path` (and its parents) if needed, failing if it cannot be written;
    /// the error says why (permission, a read-only or full file system, a file in the way).
    public static func prepareFolder(_ path: String) throws {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard makeFolder(path) else {
                throw OutputError.unwritable("cannot create the folder \(path): \(String(cString: strerror(errno)))")
            }
        } else if !isFolder.boolValue {
            throw OutputError.unwritable("\(path) is a file, not a folder")
        }
        guard access(path, W_OK) == 0 else {
            throw OutputError.unwritable("cannot write in \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Makes `path` and the parents it lacks; false with `errno` set when one cannot be made.
    private static func makeFolder(_ path: String) -> Bool {
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, !FileManager.default.fileExists(atPath: parent), !makeFolder(parent) { return false }
        return mkdir(path, 0o777) == 0 || errno == EEXIST
    }

    /// The error for a failed write of `path`, from `errno`.
    public static func unwritable(_ path: String) -> OutputError {
        .unwritable("cannot write \(path): \(String(cString: strerror(errno)))")
    }
}
