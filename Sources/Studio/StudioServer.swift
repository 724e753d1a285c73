import Foundation
import GameKit
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging

/// How the studio is served: where it listens, what it shows, who may see it.
public struct StudioConfiguration: Sendable {
    /// The scene file, or a folder of scenes; nil for the princess game's built-in scene.
    public var target: String?
    /// The interface to listen on; anything but loopback needs the token.
    public var host: String
    /// The port; 0 for any free one.
    public var port: Int
    /// The largest preview frame; the scene's own size when smaller.
    public var previewLimit: (width: Int, height: Int)
    /// The token every request must carry, or nil on loopback.
    public var token: String?
    /// How often the scene's files are looked at, in seconds.
    public var pollInterval: Double
    /// The golden folder whose manifest the QA view reads (`check`'s default, `Golden`).
    public var goldenFolder: String = "Golden"

    /// A configuration from its parts.
    public init(target: String?, host: String = "127.0.0.1", port: Int = 4173, previewLimit: (width: Int, height: Int) = (1280, 720),
                token: String? = nil, pollInterval: Double = 0.02) {
        self.target = target
        self.host = host
        self.port = port
        self.previewLimit = previewLimit
        self.token = token
        self.pollInterval = pollInterval
    }
}

/// The studio's web server: the page's own files, the opened folder's files, the scene's
/// frames, timeline and soundtrack, and a WebSocket that tells every open page when the scene
/// reloaded or broke. All of SwiftNIO and Hummingbird is used here and nowhere else.
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

    /// A server for `configuration`, its scene opened from `catalogue`. Throws `StudioSetupError`.
    public init(_ configuration: StudioConfiguration, catalogue: GameCatalogue) throws {
        Self.limitMallocArenas()
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
    }

    /// Serves until SIGINT or SIGTERM, calling `started` with the page's address once listening.
    /// Throws when the address cannot be bound.
    public func run(started: @escaping @Sendable (String) -> Void) async throws {
        let router = Router(context: BasicWebSocketRequestContext.self)
        if let token = configuration.token { router.add(middleware: TokenCheck(token: token)) }
        addRoutes(to: router)
        var logger = Logger(label: "aria-studio")
        logger.logLevel = .critical
        let host = configuration.host, token = configuration.token
        let app = Application(router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
                              configuration: .init(address: .hostname(host, port: configuration.port), serverName: "aria-studio"),
                              onServerRunning: { channel in
                                  let port = channel.localAddress?.port ?? 0
                                  let shown = host.contains(":") ? "[\(host)]" : host
                                  started("http://\(shown):\(port)/" + (token.map { "?token=\($0)" } ?? ""))
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

    /// Looks at the scene's files every poll interval and reloads when one changed; tells every
    /// page. Runs until cancelled, also while a built-in scene (no file) is shown.
    func watch() async {
        var path: String?, last = WatchedFiles()
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(configuration.pollInterval * 1e9))
            guard let current = scene.path else {
                path = nil
                continue
            }
            // Another scene may have been opened meanwhile: its files are looked at from now on.
            guard current == path else {
                path = current
                last = WatchedFiles.look(scene: current, files: scene.usedFiles)
                continue
            }
            let now = WatchedFiles.look(scene: current, files: scene.usedFiles)
            guard now != last else { continue }
            last = now
            let outcome = await offload { scene.reload() }
            await pages.send(Self.message(outcome, scene: scene))
        }
    }

    /// Keeps glibc to two malloc arenas. By default it makes one per thread that meets another
    /// in malloc, up to 8 per core, and each keeps the memory freed in it; the work of a reload
    /// lands on whichever dispatch thread is free, so over hundreds of reloads every arena
    /// grew to its own high-water mark and the server's memory crept up by about a tenth
    /// before it levelled off (docs/studio.md). Called before the server's threads start.
    static func limitMallocArenas() {
        // mallopt is glibc's (malloc.h, which Swift's Glibc module leaves out): found by name.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        let arenaMax: Int32 = -8   // M_ARENA_MAX
        _ = mallopt(arenaMax, 2)
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

    private func addRoutes(to router: Router<BasicWebSocketRequestContext>) {
        let scene = self.scene, page = self.page, folder = self.folder, pages = self.pages, choosable = self.choosable
        let renders = self.renders, qa = self.qa
        router.get("/") { _, _ in try Self.file(page.file(at: "index.html")) }
        router.get("/page/**") { request, _ in try Self.file(page.file(at: Self.rest(of: request.uri.path, after: "/page/"))) }
        router.get("/files/**") { request, _ in
            try Self.file(folder?.file(at: Self.rest(of: request.uri.path, after: "/files/")))
        }
        router.get("/api/scene") { _, _ in
            let json = try await offload { try scene.summaryJSON() }
            return Self.response(json, type: "application/json")
        }
        router.get("/api/frame/:index") { _, context in
            guard let index = context.parameters.get("index", as: Int.self) else { throw HTTPError(.badRequest, message: "a frame number") }
            do {
                let frame = try await offload { try scene.framePNG(index) }
                var response = Self.response(Data(frame.png), type: "image/png")
                response.headers[HTTPField.Name("X-Generation")!] = String(frame.generation)
                response.headers[HTTPField.Name("X-Frame")!] = String(frame.frame)
                return response
            } catch {
                throw HTTPError(.conflict, message: "\(error)")
            }
        }
        // The timeline as check's report draws it, as wide as the page asks (within reason).
        router.get("/api/timeline.svg") { request, _ in
            let width = max(200, min(8_000, request.uri.queryParameters.get("width").flatMap { Int($0) } ?? 960))
            do {
                let picture = try await offload { try scene.timelineSVG(width: width) }
                var response = Self.response(Data(picture.svg.utf8), type: "image/svg+xml")
                response.headers[HTTPField.Name("X-Generation")!] = String(picture.generation)
                return response
            } catch {
                throw HTTPError(.conflict, message: "\(error)")
            }
        }
        // The contact sheet, as `render --contact-sheet every=N` makes it.
        router.get("/api/contact-sheet.png") { request, _ in
            let every = request.uri.queryParameters.get("every").flatMap { Int($0) } ?? 30
            do {
                return Self.response(try await offload { try scene.contactSheetPNG(every: every) }, type: "image/png")
            } catch {
                throw HTTPError(.conflict, message: "\(error)")
            }
        }
        router.get("/api/soundtrack.wav") { _, _ in
            do {
                return Self.response(try await offload { try scene.soundtrackWAV() }, type: "audio/wav")
            } catch {
                throw HTTPError(.conflict, message: "\(error)")
            }
        }
        // A folder's scenes and the lobby's games, and opening one of them (a scene by its name
        // in the folder, a game by its id, nothing else).
        router.get("/api/scenes") { _, _ in
            let names = choosable().map(\.name)
            // The current one: a scene of the folder by name, or a game of the lobby as "game:ID".
            let current = scene.path.map { ($0 as NSString).lastPathComponent } ?? "game:" + (scene.versionShown?.opened.game.id ?? "")
            let games = scene.lobby.map { ["id": $0.id, "name": $0.name] }
            let data = try JSONSerialization.data(withJSONObject: ["scenes": names, "games": games, "current": current], options: [.sortedKeys])
            return Self.response(data, type: "application/json")
        }
        router.post("/api/open") { request, _ in
            let outcome: LiveScene.ReloadOutcome
            if let value = request.uri.queryParameters.get("game") {
                let id = String(value)
                guard scene.lobby.contains(where: { $0.id == id }) else { throw HTTPError(.notFound) }
                outcome = await offload { scene.open(game: id) }
            } else {
                guard let name = request.uri.queryParameters.get("scene"),
                      let chosen = choosable().first(where: { $0.name == name }) else { throw HTTPError(.notFound) }
                outcome = await offload { scene.open(path: chosen.path) }
            }
            await pages.send(Self.message(outcome, scene: scene))
            return Self.response(Data(Self.message(outcome, scene: scene).utf8), type: "application/json")
        }
        // Renders from the page: start one (format and, for a PNG, the frame), read its
        // progress and the finished ones, cancel it.
        router.post("/api/render") { request, _ in
            guard let renders, let path = scene.path, let format = request.uri.queryParameters.get("format") else { throw HTTPError(.notFound) }
            let frame = request.uri.queryParameters.get("frame").flatMap { Int($0) } ?? 0
            guard renders.start(scene: scene, scenePath: path, format: format, frame: frame) != nil else {
                throw HTTPError(.conflict, message: "a render is running, or the format is not one of \(PageRenders.formats)")
            }
            return Self.response(try renders.statusJSON(), type: "application/json")
        }
        router.get("/api/render") { _, _ in
            guard let renders else { throw HTTPError(.notFound) }
            return Self.response(try renders.statusJSON(), type: "application/json")
        }
        router.post("/api/render/cancel") { _, _ in
            guard let renders else { throw HTTPError(.notFound) }
            renders.cancel()
            return Self.response(try renders.statusJSON(), type: "application/json")
        }
        // The QA view: the golden frames of the scene, each compared as check compares it.
        router.get("/api/qa/available") { _, _ in
            let available = await offload { scene.path.map { qa.hasScene($0) } ?? false }
            return Self.response(Data("{\"available\":\(available)}".utf8), type: "application/json")
        }
        router.get("/api/qa") { _, _ in
            let generation = scene.generation
            guard let path = scene.path, generation > 0 else { throw HTTPError(.notFound) }
            do {
                guard let compared = try await offload({ try qa.frames(of: path, generation: generation) }) else { throw HTTPError(.notFound) }
                let frames = compared.frames.map { ["frame": $0.frame, "passed": $0.passed, "differentPixels": $0.differentPixels] as [String: Any] }
                let data = try JSONSerialization.data(withJSONObject: ["scene": compared.name, "generation": generation, "frames": frames],
                                                      options: [.sortedKeys])
                return Self.response(data, type: "application/json")
            } catch let error as HTTPError {
                throw error
            } catch {
                throw HTTPError(.conflict, message: "\(error)")
            }
        }
        router.get("/api/qa/:frame/:kind") { _, context in
            guard let path = scene.path, let frame = context.parameters.get("frame", as: Int.self),
                  let kind = context.parameters.get("kind") else { throw HTTPError(.notFound) }
            let generation = scene.generation
            let compared = try? await offload { try qa.frames(of: path, generation: generation) }
            guard let found = compared?.frames.first(where: { $0.frame == frame }) else { throw HTTPError(.notFound) }
            switch kind {
            case "golden.png": return Self.response(found.golden, type: "image/png")
            case "actual.png": return Self.response(found.actual, type: "image/png")
            case "diff.png": return Self.response(found.diff, type: "image/png")
            default: throw HTTPError(.notFound)
            }
        }
        router.ws("/api/live") { inbound, outbound, _ in
            let id = await pages.add(outbound)
            defer { Task { await pages.remove(id) } }
            let problems = scene.currentProblems
            try await outbound.write(.text(Self.message(problems.isEmpty ? .opened(generation: scene.generation) : .failed(problems), scene: scene)))
            for try await _ in inbound {}
        }
    }

    /// The part of `path` after `prefix`, still percent-encoded.
    static func rest(of path: String, after prefix: String) -> Substring {
        path.hasPrefix(prefix) ? path.dropFirst(prefix.count) : ""
    }

    /// The file at `path` as a response; 404 when there is none (outside, missing, not a file).
    static func file(_ path: String?) throws -> Response {
        guard let path, let data = FileManager.default.contents(atPath: path) else { throw HTTPError(.notFound) }
        return response(data, type: MediaTypes.type(ofFileNamed: path))
    }

    static func response(_ data: Data, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Runs blocking work (drawing, stepping, reading files) off the server's threads.
func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}

func offload<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}

/// The pages open now, each by its WebSocket: what a reload is told to.
actor OpenPages {
    private var writers: [Int: WebSocketOutboundWriter] = [:]
    private var next = 0

    func add(_ writer: WebSocketOutboundWriter) -> Int {
        next += 1
        writers[next] = writer
        return next
    }

    func remove(_ id: Int) { writers[id] = nil }

    /// Sends `text` to every page; a page that has gone is forgotten.
    func send(_ text: String) async {
        for (id, writer) in writers {
            do { try await writer.write(.text(text)) } catch { writers[id] = nil }
        }
    }
}

/// Refuses every request without the access token (in the query, or the cookie the first
/// request with it set): 401, nothing else said.
struct TokenCheck<Context: RequestContext>: RouterMiddleware {
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let fromQuery = request.uri.queryParameters.get("token")
        let fromCookie = request.headers[.cookie].flatMap { AccessToken.cookieValue(in: $0) }
        guard AccessToken.matches(fromQuery, token) || AccessToken.matches(fromCookie, token) else {
            return Response(status: .unauthorized, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: "401: this studio needs the access token of the address it printed\n")))
        }
        var response = try await next(request, context)
        if fromQuery != nil {
            response.headers[.setCookie] = "\(AccessToken.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
        }
        return response
    }
}

/// Why the studio cannot start.
public enum StudioSetupError: Error, CustomStringConvertible {
    case missingPage(String)
    case noSuchFile(String)
    case noScenes(String)

    /// One line.
    public var description: String {
        switch self {
        case .missingPage(let place): return "the studio's page files are missing (expected at \(place)); rebuild aria-studio"
        case .noSuchFile(let path): return "no such scene file or folder: \(path)"
        case .noScenes(let path): return "no scene files (.yaml, .yml, .json) in \(path)"
        }
    }
}
