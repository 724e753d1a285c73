import Foundation

/// A folder served read-only. A request's path names a regular file inside it or nothing:
/// `..`, `.`, empty and absolute segments, backslashes, NUL and anything still
/// percent-encoded after one decoding are refused before the disk is asked, and what is left
/// must resolve (symbolic links followed) to a file under the folder's own real path, so a
/// link pointing out is refused too. Nothing outside is ever opened.
struct ServedFolder: Sendable {
    /// The folder's real path (links resolved), without a trailing slash.
    let root: String

    /// The folder at `root`; nil when it does not exist.
    init?(root: String) {
        guard let real = Self.realPath(root) else { return nil }
        self.root = real
    }

    /// The file `encodedPath` (a URL path below the folder, percent-encoded as it came) names, or nil.
    func file(at encodedPath: Substring) -> String? {
        guard let path = Self.checkedRelativePath(encodedPath), let real = Self.realPath(root + "/" + path),
              real.hasPrefix(root == "/" ? "/" : root + "/") else { return nil }
        var info = stat()
        guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return real
    }

    /// `encodedPath` decoded once, when every segment is a plain name; nil otherwise.
    static func checkedRelativePath(_ encodedPath: Substring) -> String? {
        guard !encodedPath.isEmpty, let decoded = String(encodedPath).removingPercentEncoding,
              !decoded.hasPrefix("/"), !decoded.contains("\\"), !decoded.contains("\0"), !decoded.contains("%") else { return nil }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        return decoded
    }

    /// The real path of `path` (links resolved), or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// The page's own files (HTML, CSS, JavaScript), copied beside the program as a resource.
enum PageFiles {
    /// The resource folder's name beside the program.
    static let bundleName = "aria-render_Studio.resources"

    /// Where the page's files are looked for.
    static var expectedPlace: String {
        let program = ServedFolder.realPath("/proc/self/exe") ?? CommandLine.arguments[0]
        return (program as NSString).deletingLastPathComponent + "/" + bundleName + "/Page"
    }

    /// The page's folder, or nil when it is not beside the program.
    static func folder() -> ServedFolder? { ServedFolder(root: expectedPlace) }
}

/// The scenes of a folder the studio opens.
enum SceneFolder {
    /// Scene files directly in `folder`, by name.
    static func scenes(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { ["yaml", "yml", "json"].contains(($0 as NSString).pathExtension.lowercased()) && !$0.hasPrefix(".") }.sorted()
    }

    /// The first scene of `folder` (`default.yaml` when it has one), as a path; nil when none.
    static func firstScene(in folder: String) -> String? {
        let scenes = scenes(in: folder)
        guard let first = scenes.contains("default.yaml") ? "default.yaml" : scenes.first else { return nil }
        return folder + "/" + first
    }
}

/// The Content-Type of the files served.
enum MediaTypes {
    static func type(ofFileNamed name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "png": return "image/png"
        case "svg": return "image/svg+xml"
        case "wav": return "audio/wav"
        case "yaml", "yml", "txt", "jsonl": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}

/// The access token of a studio that listens beyond loopback.
public enum AccessToken {
    /// The cookie a page keeps it in, once its address carried it.
    static let cookieName = "aria_studio_token"

    /// A new token: 128 random bits in hex.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// Whether `given` is `token`, compared in time independent of where they differ.
    static func matches(_ given: String?, _ token: String) -> Bool {
        guard let given else { return false }
        let a = Array(given.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The token in a Cookie header, if there.
    static func cookieValue(in header: String) -> String? {
        for part in header.split(separator: ";") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if pair.count == 2 && pair[0] == cookieName { return String(pair[1]) }
        }
        return nil
    }
}
