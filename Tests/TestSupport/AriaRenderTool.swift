import Foundation

/// The built `aria-render`, run as a subprocess: what a user gets. The end-to-end tests run
/// it; every other test imports the libraries.
public enum AriaRenderTool {
    /// The executable beside the test bundle, or in the package's debug build folder; nil when
    /// it was not built.
    public static var path: String? {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("aria-render"))
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("aria-render"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("aria-render"))
        candidates.append(RepositoryRoot.url.appendingPathComponent(".build/debug/aria-render"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }?.path
    }

    /// Runs the tool with `arguments` in `folder` (this process's own when nil), with
    /// `environment` laid over this process's, and waits for it (at most `timeout` seconds).
    public static func run(_ arguments: [String], in folder: String? = nil, environment: [String: String] = [:],
                           timeout: Double = 300) throws -> Subprocess.Result {
        try Subprocess.run(try builtPath(), arguments, environment: environment, in: folder, timeout: timeout)
    }

    /// Starts the tool with `arguments` and `environment`, and hands back the running program.
    public static func start(_ arguments: [String], in folder: String? = nil, environment: [String: String] = [:]) throws -> Subprocess {
        try Subprocess(try builtPath(), arguments, environment: environment, in: folder)
    }

    private static func builtPath() throws -> String {
        guard let path else { throw FixtureError("aria-render was not built; run `swift build` first") }
        return path
    }
}
