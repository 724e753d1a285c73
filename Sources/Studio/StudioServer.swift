import Foundation
import GameKit
import Hummingbird
import HummingbirdWebSocket
import Logging

/// The studio's web server: the page's own files, the opened folder's files, the scene's
/// frames, timeline and soundtrack, and a WebSocket that tells every open page when the scene
/// reloaded or broke. Its routes are listed in `StudioRoutes`; SwiftNIO and Hummingbird are used in
/// this module and nowhere else.
public struct StudioServer: Sendable {
    let configuration: StudioConfiguration
    public let scene: LiveScene
    let page: ServedFolder
    let folder: ServedFolder?
    /// The folder opened, whose scenes the page lists; nil when a scene file was opened.
    let sceneFolder: String?
    let pages = OpenPages()
    /// Renders started from the page, into the opened folder's `out/`; nil without a folder.
    let renders: PageRenders?
    /// The QA view of the scene, when the golden manifest has it.
    let qa: QAFrames
    /// The check report under review in the browser, and its decisions.
    let review: ReviewedReport

    /// A server for `configuration`, its scene opened from `catalogue`. Throws `StudioSetupError`.
    public init(_ configuration: StudioConfiguration, catalogue: GameCatalogue) throws {
        MallocArenas.limit()
        self.configuration = configuration
        guard let page = PageFiles.folder() else { throw StudioSetupError.missingPage(PageFiles.expectedPlace) }
        self.page = page
        var isFolder: ObjCBool = false
        let scenePath: String?
        if let target = configuration.target {
            guard FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) else { throw StudioSetupError.noSuchFile(target) }
            scenePath = isFolder.boolValue ? SceneFolder.firstScene(in: target) : target
            if isFolder.boolValue && scenePath == nil { throw StudioSetupError.noScenes(target) }
            let root = isFolder.boolValue ? target : (target as NSString).deletingLastPathComponent
            folder = ServedFolder(root: root.isEmpty ? "." : root)
            sceneFolder = isFolder.boolValue ? target : nil
        } else {
            scenePath = nil
            folder = nil
            sceneFolder = nil
        }
        scene = LiveScene(path: scenePath, catalogue: catalogue, previewLimit: configuration.previewLimit)
        renders = folder.map { PageRenders(folder: $0.root) }
        qa = QAFrames(goldenFolder: configuration.goldenFolder, catalogue: catalogue)
        review = ReviewedReport(reportFolder: configuration.reportFolder, goldenFolder: configuration.goldenFolder, catalogue: catalogue)
    }

    /// Serves until SIGINT or SIGTERM, calling `started` with the page's address and the
    /// review's (`/review/`, with the review token when the page's address has none) once
    /// listening. Throws when the address cannot be bound.
    public func run(started: @escaping @Sendable (_ page: String, _ review: String) -> Void) async throws {
        let router = Router(context: BasicWebSocketRequestContext.self)
        if let token = configuration.token { router.add(middleware: TokenCheck(token: token)) }
        StudioRoutes(server: self).register(on: router)
        var logger = Logger(label: "aria-studio")
        logger.logLevel = .critical
        let host = configuration.host, token = configuration.token, reviewToken = configuration.reviewToken
        let app = Application(router: router, server: StudioConnection.builder(webSocketRouter: router),
                              configuration: .init(address: .hostname(host, port: configuration.port), serverName: "aria-studio"),
                              onServerRunning: { channel in
                                  let port = channel.localAddress?.port ?? 0
                                  let shown = host.contains(":") ? "[\(host)]" : host
                                  // Beyond loopback the token is printed once, in the page's address.
                                  started("http://\(shown):\(port)/" + (token.map { "?token=\($0)" } ?? ""),
                                          "http://\(shown):\(port)/review/" + (token == nil ? "?token=\(reviewToken)" : ""))
                              },
                              logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            group.addTask { await watch() }
            // The server ends the run (a signal, or a failure to bind); the watcher follows.
            try await group.next()
            group.cancelAll()
        }
        // A render in flight is stopped and cleans up before the program ends.
        renders?.cancelAndWait()
    }

    /// Looks at the scene's files every poll interval and reloads once they changed and then
    /// stayed as they are for one interval; tells every page. Runs until cancelled, also while
    /// a built-in scene (no file) is shown.
    func watch() async {
        var path: String?, change = SettledChange(WatchedFiles())
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(configuration.pollInterval * 1e9))
            guard let current = scene.path else {
                path = nil
                continue
            }
            let now = WatchedFiles.look(scene: current, files: scene.usedFiles)
            // Another scene may have been opened meanwhile: its files are looked at from now on.
            guard current == path else {
                path = current
                change = SettledChange(now)
                continue
            }
            guard change.isSettled(now) else { continue }
            let outcome = await offload { scene.reload() }
            await pages.send(Self.message(outcome, scene: scene))
        }
    }

    /// The message every page gets after a reload: the new generation, or the problems.
    static func message(_ outcome: LiveScene.ReloadOutcome, scene: LiveScene) -> String {
        let object: [String: Any]
        switch outcome {
        case .opened(let generation): object = ["type": "scene", "generation": generation, "problems": [String]()]
        case .failed(let problems): object = ["type": "problems", "generation": scene.generation, "problems": problems]
        }
        return String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
    }

    /// The scene files the page may open, by name: the opened folder's, or the one file opened.
    func choosable() -> [(name: String, path: String)] {
        if let sceneFolder { return SceneFolder.scenes(in: sceneFolder).map { ($0, sceneFolder + "/" + $0) } }
        guard let target = configuration.target else { return [] }
        return [((target as NSString).lastPathComponent, target)]
    }

}

