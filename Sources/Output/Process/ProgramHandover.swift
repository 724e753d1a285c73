import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Hands this process over to another program of the same build. The studio's web server is
/// a program of its own (`aria-studio`) so that aria-render, and `make render`, never build or
/// link it; `aria-render studio` becomes that program, with the same arguments and terminal.
public enum ProgramHandover {
    /// The path of the program `name` in this program's folder.
    public static func sibling(_ name: String) -> String {
        let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return ((program as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
    }

    /// Replaces this process with the sibling program `name` given `arguments`. When it is not
    /// built (or cannot start) prints one line as `tool` and exits with `status`.
    public static func replace(with name: String, arguments: [String], tool: String, status: Int32) -> Never {
        let path = sibling(name)
        if access(path, X_OK) == 0 {
            let argv = ([path] + arguments).map { strdup($0) } + [nil]
            execv(path, argv)
        }
        let configuration = path.contains("/release/") ? " -c release" : ""
        fputs("\(tool): \(name) is not built beside \(tool) (expected \(path)); build it with "
              + "'swift build\(configuration) --product \(name)'\n", stderr)
        exit(status)
    }
}
