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
    /// built (or cannot start) prints one line as `tool`, naming `build` (the way to build it),
    /// and exits with `status`; asked for `--help` then, prints `help` and that line, and exits 0.
    public static func replace(with name: String, arguments: [String], tool: String, status: Int32, build: String, help: String) -> Never {
        let path = sibling(name)
        if access(path, X_OK) == 0 {
            let argv = ([path] + arguments).map { strdup($0) } + [nil]
            execv(path, argv)
        }
        let configuration = path.contains("/release/") ? " -c release" : ""
        let missing = "\(name) is not built beside \(tool) (expected \(path)); build it with '\(build)' "
            + "(or 'swift build\(configuration) --product \(name)')"
        if arguments.contains("--help") || arguments.contains("-h") {
            // Help describes the command, so it needs no program: the note says what running it needs.
            print(help + "\nNOTE: " + missing)
            exit(0)
        }
        fputs("\(tool): \(missing)\n", stderr)
        exit(status)
    }
}
