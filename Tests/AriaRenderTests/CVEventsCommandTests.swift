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
    }
}
