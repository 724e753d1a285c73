import Foundation

/// The built `aria-render`, run as a subprocess: what a user gets. The end-to-end tests run
/// it; every other test imports the libraries.
public enum AriaRenderTool {
    /// The tool the tests run: `$ARIA_RENDER` when set (`make test` points it at the release
    /// build, which renders many times faster than the debug one), else the executable beside
    /// the test bundle or in the package's debug build folder; nil when it was not built.
    public static var path: String? { path(with: nil) }

    /// The tool as `path` chooses it, but only one with the program `sibling` beside it (the
    /// studio's server, which `aria-render studio` hands over to).
    public static func path(with sibling: String?) -> String? {
        var candidates: [URL] = []
        if let chosen = ProcessInfo.processInfo.environment["ARIA_RENDER"], !chosen.isEmpty {
            candidates.append(URL(fileURLWithPath: chosen))
        }
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("aria-render"))
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("aria-render"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("aria-render"))
        candidates.append(RepositoryRoot.url.appendingPathComponent(".build/debug/aria-render"))
        let fileManager = FileManager.default
        return candidates.first { tool in
            fileManager.isExecutableFile(atPath: tool.path)
                && (sibling.map { fileManager.isExecutableFile(atPath: tool.deletingLastPathComponent().appendingPathComponent($0).path) } ?? true)
        }?.path
    }

    /// Runs the tool with `arguments` in `folder` (this process's own when nil), with
    /// `environment` laid over this process's, and waits for it (at most `timeout` seconds).
    public static func run(_ arguments: [String], in folder: String? = nil, environment: [String: String] = [:],
                           timeout: Double = 300) throws -> Subprocess.Result {
        try Subprocess.run(try builtPath(for: arguments), arguments, environment: environment, in: folder, timeout: timeout)
    }

    /// Starts the tool with `arguments` and `environment`, and hands back the running program.
    public static func start(_ arguments: [String], in folder: String? = nil, environment: [String: String] = [:]) throws -> Subprocess {
        try Subprocess(try builtPath(for: arguments), arguments, environment: environment, in: folder)
    }

    /// The tool for `arguments`: `studio` needs the studio's server beside it.
    private static func builtPath(for arguments: [String]) throws -> String {
        let sibling = arguments.first == "studio" ? "aria-studio" : nil
        guard let path = path(with: sibling) else {
            throw FixtureError("aria-render\(sibling.map { " with \($0) beside it" } ?? "") was not built; run `swift build` first")
        }
        return path
    }
}
