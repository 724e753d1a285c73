import Foundation
import TestSupport

/// `aria-render studio` started as a user starts it (the tool hands over to aria-studio), on
/// a free port, with a scene of its own: a copy of Scenes/princess/default.yaml in a folder of its own.
final class RunningStudio {
    let process: Subprocess
    /// The address it printed, token included when it has one.
    let address: String
    /// The folder it serves and the scene file in it.
    let folder: String
    let scene: String

    /// Starts the studio on `scene` (a copy of the default scene when nil) with `options`.
    init(options: [String] = ["--preview", "320x180"], sceneText: String? = nil, label: String = #function) throws {
        folder = try makeTemporaryFolder(label)
        scene = folder + "/scene.yaml"
        try (sceneText ?? Self.defaultSceneText).write(toFile: scene, atomically: true, encoding: .utf8)
        (process, address) = try Self.start(["studio", scene, "--port", "0"] + options, in: nil)
    }

    /// Starts the studio in the folder `project` (its Golden/ and out/report/ those it reviews)
    /// on the scene `scene`, a path inside it, with `options`.
    init(project: String, scene: String, options: [String] = ["--preview", "320x180"]) throws {
        folder = project
        self.scene = project + "/" + scene
        (process, address) = try Self.start(["studio", scene, "--port", "0"] + options, in: project)
    }

    private static func start(_ arguments: [String], in folder: String?) throws -> (Subprocess, String) {
        let started = try AriaRenderTool.start(arguments, in: folder)
        var printed: String?
        try waitFor("the studio to print its address (\(started.standardError))", within: 60, stillPossible: { started.isRunning }) {
            printed = started.standardOutput.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init)
            return printed != nil
        }
        return (started, printed!)
    }

    /// The review's address it printed: `/review/`, with the review token on loopback.
    var reviewAddress: String? {
        process.standardOutput.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://") && $0.contains("/review/") }.map(String.init)
    }

    /// The review token in `reviewAddress`.
    var reviewToken: String? {
        reviewAddress.flatMap { URLComponents(string: $0)?.queryItems?.first { $0.name == "token" }?.value }
    }

    deinit {
        process.send(SIGTERM)
        _ = process.finish(timeout: 10)
    }

    static var defaultSceneText: String {
        (try? String(contentsOf: RepositoryRoot.url.appendingPathComponent("Scenes/princess/default.yaml"), encoding: .utf8)) ?? ""
    }

    /// The root of the address, without the token: `http://host:port`.
    var origin: String {
        let url = URL(string: address)!
        return "\(url.scheme!)://\(url.host!):\(url.port!)"
    }

    /// Writes `text` as the scene file, in place as an editor saves it.
    func save(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: scene))
    }

    /// Asks the server for `path` with curl, exactly as written (no normalising of `..`);
    /// its status code and body.
    func get(_ path: String, extra: [String] = []) throws -> (status: Int, body: Data) {
        let bodyFile = folder + "/../curl-body-\(UUID().uuidString)"
        defer { unlink(bodyFile) }
        let result = try Subprocess.run("curl", ["-s", "--path-as-is", "-o", bodyFile, "-w", "%{http_code}", "--max-time", "60"] + extra + [origin + path], timeout: 90)
        return (Int(result.standardOutput) ?? -1, FileManager.default.contents(atPath: bodyFile) ?? Data())
    }
}
