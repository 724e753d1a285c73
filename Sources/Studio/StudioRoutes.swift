import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket

/// Every address the studio answers, listed in one table (method, path, handler), and the
/// handlers themselves, each answering from the server's parts.
struct StudioRoutes: Sendable {
    typealias Context = BasicWebSocketRequestContext
    /// What answers a request.
    typealias Handler = @Sendable (Request, Context) async throws -> Response

    /// One row of the table.
    struct Route: Sendable {
        let method: HTTPRequest.Method
        let path: RouterPath
        let handler: Handler

        init(_ method: HTTPRequest.Method, _ path: RouterPath, _ handler: @escaping Handler) {
            self.method = method
            self.path = path
            self.handler = handler
        }
    }

    /// The server whose scene, files, pages, renders and QA view the routes answer from.
    let server: StudioServer

    /// The page's requests, in the order they are registered.
    var table: [Route] {
        [
            Route(.get, "/", pageIndex),
            Route(.get, "/page/**", pageFile),
            Route(.get, "/files/**", folderFile),
            Route(.get, "/api/scene", sceneSummary),
            Route(.get, "/api/frame/:index", frame),
            Route(.get, "/api/timeline.svg", timeline),
            Route(.get, "/api/contact-sheet.png", contactSheet),
            Route(.get, "/api/soundtrack.wav", soundtrack),
            Route(.get, "/api/scenes", choices),
            Route(.post, "/api/open", open),
            Route(.post, "/api/render", startRender),
            Route(.get, "/api/render", renderStatus),
            Route(.post, "/api/render/cancel", cancelRender),
            Route(.get, "/api/qa/available", qaAvailable),
            Route(.get, "/api/qa", qaFrames),
            Route(.get, "/api/qa/:frame/:kind", qaPicture),
            Route(.get, "/review", reviewPage),
            Route(.get, "/review/**", reviewFile),
            Route(.post, "/api/review/approve", approve),
            Route(.post, "/api/review/reject", reject),
        ]
    }

    /// The WebSocket every open page listens on for reloads.
    static let livePath: RouterPath = "/api/live"

    /// Adds the table's routes and the live WebSocket to `router`.
    func register(on router: Router<Context>) {
        for route in table { router.on(route.path, method: route.method, use: route.handler) }
        router.ws(Self.livePath, onUpgrade: live)
    }

    private var scene: LiveScene { server.scene }

    // MARK: Files

    @Sendable private func pageIndex(_ request: Request, _ context: Context) async throws -> Response {
        try Self.file(server.page.file(at: "index.html"))
    }

    @Sendable private func pageFile(_ request: Request, _ context: Context) async throws -> Response {
        try Self.file(server.page.file(at: Self.rest(of: request.uri.path, after: "/page/")))
    }

    @Sendable private func folderFile(_ request: Request, _ context: Context) async throws -> Response {
        try Self.file(server.folder?.file(at: Self.rest(of: request.uri.path, after: "/files/")))
    }

    // MARK: The scene

    @Sendable private func sceneSummary(_ request: Request, _ context: Context) async throws -> Response {
        let scene = self.scene
        let json = try await offload { try scene.summaryJSON() }
        return Self.response(json, type: "application/json")
    }

    @Sendable private func frame(_ request: Request, _ context: Context) async throws -> Response {
        guard let index = context.parameters.get("index", as: Int.self) else { throw HTTPError(.badRequest, message: "a frame number") }
        let scene = self.scene
        return try await Self.conflictOnFailure {
            let frame = try await offload { try scene.framePNG(index) }
            var response = Self.response(Data(frame.png), type: "image/png")
            response.headers[HTTPField.Name("X-Generation")!] = String(frame.generation)
            response.headers[HTTPField.Name("X-Frame")!] = String(frame.frame)
            return response
        }
    }

    /// The timeline as check's report draws it, as wide as the page asks (within reason).
    @Sendable private func timeline(_ request: Request, _ context: Context) async throws -> Response {
        let width = max(200, min(8_000, request.uri.queryParameters.get("width").flatMap { Int($0) } ?? 960))
        let scene = self.scene
        return try await Self.conflictOnFailure {
            let picture = try await offload { try scene.timelineSVG(width: width) }
            var response = Self.response(Data(picture.svg.utf8), type: "image/svg+xml")
            response.headers[HTTPField.Name("X-Generation")!] = String(picture.generation)
            return response
        }
    }

    /// The contact sheet, as `render --contact-sheet every=N` makes it.
    @Sendable private func contactSheet(_ request: Request, _ context: Context) async throws -> Response {
        let every = request.uri.queryParameters.get("every").flatMap { Int($0) } ?? 30
        let scene = self.scene
        return try await Self.conflictOnFailure {
            Self.response(try await offload { try scene.contactSheetPNG(every: every) }, type: "image/png")
        }
    }

    /// The soundtrack, whole or the byte range asked for: a browser's audio element seeks by
    /// asking for a range, and without one it may not seek at all (the player then waits on
    /// a sound that never reaches the frame it was sent to).
    @Sendable private func soundtrack(_ request: Request, _ context: Context) async throws -> Response {
        let scene = self.scene
        return try await Self.conflictOnFailure {
            let wav = [UInt8](try await offload { try scene.soundtrackWAV() })
            var headers: HTTPFields = [.contentType: "audio/wav", .cacheControl: "no-store", .acceptRanges: "bytes"]
            switch ByteRange.requested(request.headers[.range], length: wav.count) {
            case nil:
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: wav)))
            case .unsatisfiable:
                headers[.contentRange] = "bytes */\(wav.count)"
                return Response(status: .rangeNotSatisfiable, headers: headers)
            case .part(let range)?:
                headers[.contentRange] = "bytes \(range.bytes.lowerBound)-\(range.bytes.upperBound)/\(wav.count)"
                return Response(status: .partialContent, headers: headers,
                                body: .init(byteBuffer: ByteBuffer(bytes: wav[range.bytes])))
            }
        }
    }

    // MARK: Choosing a scene

    /// A folder's scenes and the lobby's games.
    @Sendable private func choices(_ request: Request, _ context: Context) async throws -> Response {
        let names = server.choosable().map(\.name)
        // The current one: a scene of the folder by name, or a game of the lobby as "game:ID".
        let current = scene.path.map { ($0 as NSString).lastPathComponent } ?? "game:" + (scene.versionShown?.opened.game.id ?? "")
        let games = scene.lobby.map { ["id": $0.id, "name": $0.name] }
        let data = try JSONSerialization.data(withJSONObject: ["scenes": names, "games": games, "current": current], options: [.sortedKeys])
        return Self.response(data, type: "application/json")
    }

    /// Opens a scene of the folder by its name, or a game of the lobby by its id, nothing else.
    @Sendable private func open(_ request: Request, _ context: Context) async throws -> Response {
        let scene = self.scene
        let outcome: LiveScene.ReloadOutcome
        if let value = request.uri.queryParameters.get("game") {
            let id = String(value)
            guard scene.lobby.contains(where: { $0.id == id }) else { throw HTTPError(.notFound) }
            outcome = await offload { scene.open(game: id) }
        } else {
            guard let name = request.uri.queryParameters.get("scene"),
                  let chosen = server.choosable().first(where: { $0.name == name }) else { throw HTTPError(.notFound) }
            outcome = await offload { scene.open(path: chosen.path) }
        }
        await server.pages.send(StudioServer.message(outcome, scene: scene))
        return Self.response(Data(StudioServer.message(outcome, scene: scene).utf8), type: "application/json")
    }

    // MARK: Renders from the page

    /// Starts one: its format and, for a PNG, the frame.
    @Sendable private func startRender(_ request: Request, _ context: Context) async throws -> Response {
        guard let renders = server.renders, let path = scene.path, let format = request.uri.queryParameters.get("format") else {
            throw HTTPError(.notFound)
        }
        let frame = request.uri.queryParameters.get("frame").flatMap { Int($0) } ?? 0
        guard renders.start(scene: scene, scenePath: path, format: format, frame: frame) != nil else {
            throw HTTPError(.conflict, message: "a render is running, or the format is not one of \(PageRenders.formats)")
        }
        return Self.response(try renders.statusJSON(), type: "application/json")
    }

    /// The running render's progress and the finished ones.
    @Sendable private func renderStatus(_ request: Request, _ context: Context) async throws -> Response {
        guard let renders = server.renders else { throw HTTPError(.notFound) }
        return Self.response(try renders.statusJSON(), type: "application/json")
    }

    @Sendable private func cancelRender(_ request: Request, _ context: Context) async throws -> Response {
        guard let renders = server.renders else { throw HTTPError(.notFound) }
        renders.cancel()
        return Self.response(try renders.statusJSON(), type: "application/json")
    }

    // MARK: The QA view: the golden frames of the scene, each compared as check compares it

    /// Whether the scene has golden frames to compare, and the address of the check report's
    /// review when there is a report (the QA section links it).
    @Sendable private func qaAvailable(_ request: Request, _ context: Context) async throws -> Response {
        let scene = self.scene, qa = server.qa, review = server.review
        let (available, reported) = await offload { (scene.path.map { qa.hasScene($0) } ?? false, review.hasReport) }
        var answer: [String: Any] = ["available": available]
        if reported, let address = reviewAddress(for: request) { answer["review"] = address }
        return Self.response(try JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys]), type: "application/json")
    }

    /// The review's address for the page that asked: beyond loopback the page's token is the
    /// review's too (its cookie carries it); on loopback the review token is given only to a
    /// page whose address names the machine itself, so that a page of another site, reaching
    /// this server under its own name, never learns it.
    private func reviewAddress(for request: Request) -> String? {
        if server.configuration.token != nil { return "/review/" }
        let authority = request.head.authority ?? ""
        let host = authority.hasPrefix("[") ? String(authority.prefix { $0 != "]" }) + "]" : String(authority.prefix { $0 != ":" })
        guard ["127.0.0.1", "localhost", "[::1]"].contains(host.lowercased()) else { return nil }
        return "/review/?token=" + server.configuration.reviewToken
    }

    @Sendable private func qaFrames(_ request: Request, _ context: Context) async throws -> Response {
        let generation = scene.generation, qa = server.qa
        guard let path = scene.path, generation > 0 else { throw HTTPError(.notFound) }
        return try await Self.conflictOnFailure {
            guard let compared = try await offload({ try qa.frames(of: path, generation: generation) }) else { throw HTTPError(.notFound) }
            let frames = compared.frames.map { ["frame": $0.frame, "passed": $0.passed, "differentPixels": $0.differentPixels] as [String: Any] }
            let data = try JSONSerialization.data(withJSONObject: ["scene": compared.name, "generation": generation, "frames": frames],
                                                  options: [.sortedKeys])
            return Self.response(data, type: "application/json")
        }
    }

    @Sendable private func qaPicture(_ request: Request, _ context: Context) async throws -> Response {
        guard let path = scene.path, let frame = context.parameters.get("frame", as: Int.self),
              let kind = context.parameters.get("kind") else { throw HTTPError(.notFound) }
        let generation = scene.generation, qa = server.qa
        let compared = try? await offload { try qa.frames(of: path, generation: generation) }
        guard let found = compared?.frames.first(where: { $0.frame == frame }) else { throw HTTPError(.notFound) }
        switch kind {
        case "golden.png": return Self.response(found.golden, type: "image/png")
        case "actual.png": return Self.response(found.actual, type: "image/png")
        case "diff.png": return Self.response(found.diff, type: "image/png")
        default: throw HTTPError(.notFound)
        }
    }

    // MARK: The live socket

    /// Tells the page at once whether the scene shows or is broken, then every reload after.
    private func live(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter,
                      _ context: WebSocketRouterContext<Context>) async throws {
        let pages = server.pages, scene = self.scene
        let id = await pages.add(outbound)
        defer { Task { await pages.remove(id) } }
        let problems = scene.currentProblems
        try await outbound.write(.text(StudioServer.message(problems.isEmpty ? .opened(generation: scene.generation) : .failed(problems),
                                                            scene: scene)))
        for try await _ in inbound {}
    }

    // MARK: Responses

    /// What `answer` returns; a failure of the scene's (it does not open now, the frame is past
    /// its end) as 409 with the reason, an HTTP error as it is.
    private static func conflictOnFailure(_ answer: () async throws -> Response) async throws -> Response {
        do {
            return try await answer()
        } catch let error as HTTPError {
            throw error
        } catch {
            throw HTTPError(.conflict, message: "\(error)")
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

    /// `data` as a 200 response of media type `type`, never cached.
    static func response(_ data: Data, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
