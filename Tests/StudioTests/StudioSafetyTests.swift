import Foundation
import Testing
import TestSupport

/// The studio serves its page's files and the opened folder, nothing else; beyond loopback
/// every request needs the token. Asked over real HTTP (curl) of the real server.
@Suite(.serialized) struct StudioSafetyTests {
    /// A golden folder of the gestures example, frame 0 at 160x90, so that nothing here can touch Golden/.
    static func reviewedGoldenFolder() throws -> String {
        let golden = try makeTemporaryFolder()
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Scenes/princess/gestures.yaml", toPath: golden + "/scene.yaml")
        try """
            version: 1
            scenes:
              - {name: gestures, scene: scene.yaml, size: 160x90, frames: [0]}

            """.write(toFile: golden + "/manifest.yaml", atomically: true, encoding: .utf8)
        return golden
    }

    @Test func onlyThePageAndTheOpenedFolderAreServed() throws {
        let studio = try RunningStudio()
        // A secret beside the opened folder and a link inside it that points out.
        let secret = (studio.folder as NSString).deletingLastPathComponent + "/secret-\(UUID().uuidString).txt"
        try "the secret".write(toFile: secret, atomically: true, encoding: .utf8)
        defer { unlink(secret) }
        let secretName = (secret as NSString).lastPathComponent
        try FileManager.default.createSymbolicLink(atPath: studio.folder + "/link-out.txt", withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(atPath: studio.folder + "/folder-out", withDestinationPath: "/etc")

        #expect(try studio.get("/").status == 200)
        #expect(try studio.get("/page/studio.js").status == 200)
        let scene = try studio.get("/files/scene.yaml")
        #expect(scene.status == 200 && String(decoding: scene.body, as: UTF8.self) == RunningStudio.defaultSceneText)
        let refused = [
            "/files/../\(secretName)", "/files/..%2f\(secretName)", "/files/%2e%2e/\(secretName)", "/files/%2E%2E%2F\(secretName)",
            "/files/%252e%252e%252f\(secretName)", "/files/..%5c\(secretName)", "/files//etc/passwd", "/files/%2fetc%2fpasswd",
            "/files/link-out.txt", "/files/folder-out/passwd", "/files/./scene.yaml", "/files/scene.yaml%00.png",
            "/page/../../../../etc/passwd", "/page/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/files/", "/files/nothing-here.yaml",
            "/etc/passwd", "/../../../../etc/passwd",
        ]
        for path in refused {
            let answer = try studio.get(path)
            #expect(answer.status == 404, "\(path) answered \(answer.status)")
            #expect(!String(decoding: answer.body, as: UTF8.self).contains("the secret") && !String(decoding: answer.body, as: UTF8.self).contains("root:"),
                    "\(path) leaked a file")
        }
        #expect(studio.process.isRunning)
    }

    @Test func beyondLoopbackEveryRequestNeedsTheToken() throws {
        // 127.0.0.2 is loopback to the kernel but not to the studio's check: it asks for the token.
        let studio = try RunningStudio(options: ["--preview", "320x180", "--host", "127.0.0.2"])
        let token = try #require(URLComponents(string: studio.address)?.queryItems?.first { $0.name == "token" }?.value)
        #expect(token.count == 32, "\(studio.address)")
        #expect(studio.process.standardOutput.components(separatedBy: token).count == 2, "the token is printed once")
        for path in ["/", "/page/studio.js", "/api/scene", "/api/frame/0", "/files/scene.yaml", "/api/soundtrack.wav"] {
            #expect(try studio.get(path).status == 401, "\(path) without the token")
            #expect(try studio.get(path + "?token=" + String(token.reversed())).status == 401, "\(path) with a wrong token")
        }
        #expect(try studio.get("/?token=\(token)").status == 200)
        #expect(try studio.get("/api/frame/0?token=\(token)").status == 200)
        // The page's own requests carry the cookie its address set.
        let jar = studio.folder + "/cookies.txt"
        #expect(try studio.get("/?token=\(token)", extra: ["-c", jar]).status == 200)
        #expect(try studio.get("/api/scene", extra: ["-b", jar]).status == 200)
        #expect(try studio.get("/files/../../etc/passwd?token=\(token)").status == 404)
    }

    @Test func theReviewNeedsItsTokenAlsoOnLoopbackAndRefusesInOneLine() throws {
        let golden = try Self.reviewedGoldenFolder()
        let studio = try RunningStudio(options: ["--preview", "320x180", "--golden", golden, "--report", golden + "/no-report"])
        let token = try #require(studio.reviewToken, "\(studio.process.standardOutput)")
        #expect(!studio.address.contains("token"), "on loopback the page's own address needs none")
        func line(_ answer: (status: Int, body: Data)) -> String { String(decoding: answer.body, as: UTF8.self) }
        let post = ["-X", "POST"]
        // Without the token, or with a wrong one: 401 and one line, whatever is asked.
        for (path, extra) in [("/review/", []), ("/review/index.html", []), ("/api/review/approve?scene=gestures", post),
                              ("/api/review/reject?scene=gestures&frame=0", post),
                              ("/api/review/approve?scene=gestures&token=" + String(token.reversed()), post)] {
            let answer = try studio.get(path, extra: extra)
            #expect(answer.status == 401 && line(answer) == "401: reviewing needs the access token of the review address the studio printed\n",
                    "\(path): \(answer.status) \(line(answer))")
        }
        // With it: a scene the manifest does not have is 404, a malformed request 400, each one line.
        let refused: [(String, Int, String)] = [
            ("/api/review/approve?scene=princess/nowhere", 404, "404: scene princess/nowhere is not in the golden manifest \(golden)\n"),
            ("/api/review/reject?scene=nowhere", 404, "404: scene nowhere is not in the golden manifest \(golden)\n"),
            ("/api/review/reject?scene=%0Anowhere%00", 404, "404: scene ?nowhere? is not in the golden manifest \(golden)\n"),
            ("/api/review/approve?scene=gestures&frame=7", 404, "404: frame 7 is not a golden frame of gestures\n"),
            ("/api/review/approve", 400, "400: give the scene to review: scene=GAME/NAME\n"),
            ("/api/review/approve?scene=gestures&frame=-1", 400, "400: frame=-1: give a frame number (0, 1, 2…)\n"),
        ]
        for (path, status, expected) in refused {
            let answer = try studio.get(path + (path.contains("?") ? "&" : "?") + "token=" + token, extra: post)
            #expect(answer.status == status && line(answer) == expected, "\(path): \(answer.status) \(line(answer))")
        }
        // No report yet: the page says so in one line; a GET does not approve.
        let page = try studio.get("/review/?token=" + token)
        #expect(page.status == 404 && line(page).hasPrefix("404: no check report to review: ") && line(page).split(separator: "\n").count == 1,
                "\(line(page))")
        #expect(try studio.get("/api/review/approve?scene=gestures&token=" + token).status != 303, "only a POST decides")
        // Rejecting writes nothing and sends the reviewer back to the row.
        let before = try FileManager.default.contentsOfDirectory(atPath: golden).sorted()
        let rejected = try studio.get("/api/review/reject?scene=gestures&frame=0&token=" + token, extra: post)
        #expect(rejected.status == 303 && line(rejected) == "rejected gestures frame 0: the goldens are left as they are\n", "\(line(rejected))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: golden).sorted() == before)
        #expect(studio.process.isRunning)
    }

    /// The studio page's QA section links the review with its token, but only for a page that
    /// reached the studio by the machine's own address: under another name (a site whose name
    /// points at 127.0.0.1) it learns nothing of the token.
    @Test func theReviewsLinkAndTokenGoOnlyToThisMachinesOwnAddress() throws {
        let golden = try Self.reviewedGoldenFolder()
        let report = golden + "/report"
        func available(_ studio: RunningStudio, host: String? = nil) throws -> [String: Any] {
            let answer = try studio.get("/api/qa/available", extra: host.map { ["-H", "Host: " + $0] } ?? [])
            #expect(answer.status == 200, "\(answer.status)")
            return try JSONSerialization.jsonObject(with: answer.body) as? [String: Any] ?? [:]
        }
        let studio = try RunningStudio(options: ["--preview", "320x180", "--golden", golden, "--report", report])
        let token = try #require(studio.reviewToken, "\(studio.process.standardOutput)")
        // No report yet: nothing to link.
        #expect(try available(studio)["review"] == nil)
        // A real check's report (its golden is missing, so it fails and writes one).
        #expect(try AriaRenderTool.run(["check", "--golden", golden, "--report", report]).status == 1)
        #expect(try available(studio)["review"] as? String == "/review/?token=" + token)
        #expect(try available(studio, host: "localhost")["review"] as? String == "/review/?token=" + token)
        #expect(try studio.get("/review/?token=" + token).status == 200)
        for foreign in ["evil.example", "127.0.0.1.evil.example", "evil.example:80"] {
            let answer = try studio.get("/api/qa/available", extra: ["-H", "Host: " + foreign])
            let text = String(decoding: answer.body, as: UTF8.self)
            #expect(answer.status == 200 && !text.contains(token) && !text.contains("review"), "Host \(foreign): \(text)")
        }
        #expect(studio.process.isRunning)
    }

    @Test func withoutItsProgramTheToolSaysSoInOneLine() throws {
        // aria-render alone in a folder, without aria-studio beside it.
        let folder = try makeTemporaryFolder()
        // Copied by cp: a copy written by this process could be held open by a program another
        // test starts meanwhile, and then not start ("text file busy").
        #expect(try Subprocess.run("cp", [try #require(AriaRenderTool.path), folder + "/aria-render"], timeout: 60).status == 0)
        let result = try Subprocess.run(folder + "/aria-render", ["studio", "Scenes/princess/default.yaml"], timeout: 60)
        #expect(result.status == 6, "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1 && result.standardError.contains("aria-studio is not built"),
                "\(result.standardError)")
        #expect(result.standardError.contains("build it with 'make studio'"), "\(result.standardError)")
        // Help needs no server: it says what the command is, and what running it needs.
        let help = try Subprocess.run(folder + "/aria-render", ["studio", "--help"], timeout: 60)
        #expect(help.status == 0 && help.standardOutput.contains("A live page for designers")
                && help.standardOutput.contains("USAGE: aria-render studio") && help.standardOutput.contains("make studio"), "\(help)")
    }

    @Test func aRequestItCannotParseIsAnsweredAndItsConnectionClosed() throws {
        let studio = try RunningStudio()
        let port = try #require(URL(string: studio.address)?.port)
        // Sends `request` over a raw connection (beside the reading, as a client does, so that an
        // answer before the request's end is read) and reads until the server closes it; exit 124
        // means the connection was still open after `wait` seconds.
        func exchange(_ request: String, wait: Int = 20) throws -> (status: Int32, answer: String) {
            let script = "exec 3<>/dev/tcp/127.0.0.1/\(port); (printf '%s' \"$1\" >&3 &); timeout \(wait) cat <&3"
            let result = try Subprocess.run("bash", ["-c", script, "exchange", request], timeout: 60)
            return (result.status, result.standardOutput)
        }
        // A request line over the parser's 80 KB limit once got no answer, its connection open for good.
        let long = try exchange("GET /files/" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(long.status == 0, "the connection was left open: \(long)")
        #expect(long.answer.hasPrefix("HTTP/1.1 431"), "\(long.answer.prefix(200))")
        let notHTTP = try exchange("\u{1}\u{2} hello\r\n\r\n")
        #expect(notHTTP.status == 0, "the connection was left open: \(notHTTP)")
        #expect(notHTTP.answer.hasPrefix("HTTP/1.1 400"), "\(notHTTP.answer.prefix(200))")
        // Headers over the parser's limits, after a request line that parsed.
        let headers = (0..<1_200).map { "X-Filler-\($0): \(String(repeating: "b", count: 60))\r\n" }.joined()
        let crowded = try exchange("GET / HTTP/1.1\r\nHost: x\r\n" + headers + "\r\n")
        #expect(crowded.status == 0 && crowded.answer.hasPrefix("HTTP/1.1 431"), "\(crowded.status) \(crowded.answer.prefix(200))")
        // The server is unharmed, and the WebSocket upgrade still works beside the refusal.
        #expect(try studio.get("/files/scene.yaml").status == 200)
        let upgrade = try exchange("GET /api/live HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                                   + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", wait: 2)
        #expect(upgrade.answer.hasPrefix("HTTP/1.1 101"), "\(upgrade.answer.prefix(200))")
        #expect(studio.process.isRunning)
    }

    @Test func theSoundtrackIsServedByTheByteRangesABrowserSeeksWith() throws {
        let studio = try RunningStudio()
        let whole = try studio.get("/api/soundtrack.wav")
        #expect(whole.status == 200 && whole.body.count > 1_000)
        let part = try studio.get("/api/soundtrack.wav", extra: ["-H", "Range: bytes=1000-1999"])
        #expect(part.status == 206 && part.body == whole.body[1_000..<2_000], "\(part.status), \(part.body.count) bytes")
        let tail = try studio.get("/api/soundtrack.wav", extra: ["-H", "Range: bytes=-100"])
        #expect(tail.status == 206 && tail.body == whole.body.suffix(100))
        // curl's own headers: the range is announced and named.
        let headers = try Subprocess.run("curl", ["-s", "-D", "-", "-o", "/dev/null", "-H", "Range: bytes=0-9", studio.origin + "/api/soundtrack.wav"],
                                         timeout: 30).standardOutput.lowercased()
        #expect(headers.contains("accept-ranges: bytes") && headers.contains("content-range: bytes 0-9/\(whole.body.count)"), "\(headers)")
        #expect(try studio.get("/api/soundtrack.wav", extra: ["-H", "Range: bytes=\(whole.body.count)-"]).status == 416)
    }

    @Test func badInputIsOneLineAndExitTwo() throws {
        for (arguments, expected) in [(["studio", "no-such-scene.yaml", "--port", "0"], "no such scene file or folder"),
                                      (["studio", "--preview", "huge", "--port", "0"], "--preview huge"),
                                      (["studio", "--port", "70000"], "--port 70000")] {
            let result = try AriaRenderTool.run(arguments, timeout: 60)
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(expected) && result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        }
    }
}

/// The server's life: Ctrl-C ends it cleanly, pages find a restarted server again, and several
/// pages at once all follow a reload.
@Suite(.serialized) struct StudioLifeTests {
    @Test func ctrlCStopsItCleanly() throws {
        let studio = try RunningStudio()
        #expect(try studio.get("/api/frame/3").status == 200)
        studio.process.send(SIGINT)
        #expect(studio.process.finish(timeout: 20) == 0, "\(studio.process.standardError)")
        #expect(!FileManager.default.fileExists(atPath: studio.folder + "/scene.yaml.partial"))
    }

    @Test func ctrlCDuringARenderLeavesNothingHalfWritten() throws {
        let studio = try RunningStudio()
        #expect(try studio.get("/api/render?format=mp4", extra: ["-X", "POST"]).status == 200)
        try waitFor("the render to be under way", within: 60) {
            let status = try JSONSerialization.jsonObject(with: studio.get("/api/render").body) as? [String: Any]
            return (status?["done"] as? Int ?? 0) > 3
        }
        studio.process.send(SIGINT)
        #expect(studio.process.finish(timeout: 60) == 0, "\(studio.process.standardError)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: studio.folder + "/out")) ?? []
        #expect(left.isEmpty, "left behind: \(left)")
    }

    @Test func withoutAScenePathItServesTheBuiltInSceneUntilStopped() throws {
        let studio = try AriaRenderTool.start(["studio", "--port", "0", "--preview", "320x180"])
        var address = ""
        try waitFor("the studio's address", within: 60, stillPossible: { studio.isRunning }) {
            address = studio.standardOutput.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init) ?? ""
            return !address.isEmpty
        }
        // Still serving a while later (it once ended as soon as it started, having no file to watch).
        #expect(!waitUntil(timeout: 1.5) { !studio.isRunning }, "\(studio.standardError)")
        let summary = try Subprocess.run("curl", ["-s", address + "api/scene"], timeout: 30)
        let object = try JSONSerialization.jsonObject(with: summary.standardOutputData) as? [String: Any]
        #expect(object?["game"] as? String == "princess" && object?["frames"] as? Int == 300, "\(summary.standardOutput.prefix(200))")
        #expect(try Subprocess.run("curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", address + "api/render"], timeout: 30).standardOutput == "404",
                "a render needs a folder to write to")
        studio.send(SIGINT)
        #expect(studio.finish(timeout: 20) == 0)
    }
}
