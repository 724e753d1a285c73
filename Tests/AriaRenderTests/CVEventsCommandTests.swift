import Foundation
import TestSupport
import Testing

/// `--cv-events` and `--cv-stream` as a user gives them: a bad log is every bad line and exit 2
/// with nothing written; a game that takes no camera events runs exactly as without one.
@Suite struct CVEventsCommandTests {
    @Test func aBadLogIsEveryBadLineAndExitTwoWithNothingWritten() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
        {"time": 1, "label": "apple", "confidence": 0.9, "position": [0.5, 0.5]}
        {"time": 0.5, "label": "apple", "confidence": 0.9, "position": [0.5, 0.5]}
        {"time": 2, "label": "apple", "confidence": 1.5, "position": [0.5, 0.5]}
        """.write(toFile: folder + "/log.jsonl", atomically: true, encoding: .utf8)
        for command in [["simulate", "--trace", "trace.jsonl"], ["render", "-o", "out.mp4"]] {
            let outcome = try AriaRenderTool.run(command + ["--cv-events", "log.jsonl"], in: folder)
            #expect(outcome.status == 2)
            #expect(outcome.standardError == """
            log.jsonl:2:1: time 0.5 is before 1 on line 1; a detection log is in time order
            log.jsonl:3:45: confidence is out of range: 1.5; expected a number from 0 to 1
            aria-render: the detection log is invalid

            """)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/trace.jsonl"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.mp4"))
        let missing = try AriaRenderTool.run(["simulate", "--cv-events", "none.jsonl"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.standardError.hasPrefix("none.jsonl:1:1: the detection log does not exist\n"))
    }

    @Test func thePrincessGameTakesNoCameraEventsAndRunsAsWithoutThem() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "{\"time\": 1, \"label\": \"apple\", \"confidence\": 0.9, \"position\": [0.5, 0.5]}\n{\"time\": 2, \"camera\": \"unavailable\"}\n"
            .write(toFile: folder + "/log.jsonl", atomically: true, encoding: .utf8)
        let plain = try AriaRenderTool.run(["simulate", "--trace", "plain.jsonl"], in: folder)
        let withLog = try AriaRenderTool.run(["simulate", "--trace", "cv.jsonl", "--cv-events", "log.jsonl"], in: folder)
        #expect(plain.status == 0 && withLog.status == 0, "\(withLog.standardError)")
        #expect(withLog.standardError.contains("the game princess takes no camera events; --cv-events changes nothing"))
        let a = try #require(FileManager.default.contents(atPath: folder + "/plain.jsonl"))
        let b = try #require(FileManager.default.contents(atPath: folder + "/cv.jsonl"))
        #expect(a.count > 1000 && a == b)
    }

    @Test func aStreamIsStandardInputOrAUnixSocket() throws {
        let outcome = try AriaRenderTool.run(["demo", "--cv-stream", "tcp:9000", "--output", "/tmp/none", "--duration", "1"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--cv-stream tcp:9000: give '-' (standard input) or 'unix:PATH' (a socket)"))
        // A path that is a file, not a socket: refused before any frame or trace is written, the file kept.
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "keep".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        let file = try AriaRenderTool.run(["demo", "--game", "example", "--cv-stream", "unix:notes.txt", "--output", "frames",
                                           "--duration", "1", "--trace", "trace.jsonl"], in: folder)
        #expect(file.status == 2)
        #expect(file.standardError == "aria-render: the camera stream: notes.txt exists and is not a socket\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["notes.txt"])
        #expect(try String(contentsOfFile: folder + "/notes.txt", encoding: .utf8) == "keep")
    }

    @Test func theDemoTakesTheMockAndALogEachPass() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mock = try AriaRenderTool.run(["demo", "--game", "example", "--cv-mock", "--output", "frames", "--duration", "5",
                                           "--virtual-clock", "--trace", "mock.jsonl"], in: folder)
        #expect(mock.status == 0, "\(mock.standardError)")
        let mocked = try String(contentsOfFile: folder + "/mock.jsonl", encoding: .utf8)
        // Every 2 s from 2 s, 50 ms late: the circle appears once and is seen again at 4 s.
        #expect(mocked.contains("{\"t\":2.05,\"frame\":62,\"event\":\"appear\",\"character\":\"circle\",\"x\":0.5,\"y\":0.5,\"confidence\":0.95,\"wall\":2.05}"))
        #expect(mocked.components(separatedBy: "\"character\":\"circle\"").count == 2)

        let scene = RepositoryRoot.path + "/Scenes/example/empty-mat.yaml", log = RepositoryRoot.path + "/Scenes/example/toys.jsonl"
        let logged = try AriaRenderTool.run(["demo", scene, "--cv-events", log, "--output", "frames2", "--duration", "8",
                                             "--virtual-clock", "--trace", "log.jsonl"], in: folder)
        #expect(logged.status == 0, "\(logged.standardError)")
        let lines = try String(contentsOfFile: folder + "/log.jsonl", encoding: .utf8).split(separator: "\n")
        // The scene lasts 4 s: the log plays again in the second pass.
        #expect(lines.filter { $0.contains("\"event\":\"appear\",\"character\":\"duck\"") }.count == 2)
        #expect(lines.filter { $0.contains("\"event\":\"move\"") }.count == 45 + 45)
    }
}
