import CVBus
import Foundation
import Scene
import Testing

/// A detection log is validated like a scene file: every bad line with its line and column,
/// and hostile logs refused by their caps.
@Suite struct CVLogFileTests {
    static func problems(_ text: String) -> [String] {
        do {
            _ = try CVLogFile.parse(Array(text.utf8), file: "log.jsonl")
            return []
        } catch let errors as SceneErrors {
            return errors.diagnostics.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func aLogWrittenToAFileIsReadBack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cv-log-\(getpid()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = """
        {"time": 0.5, "label": "apple", "confidence": 0.91, "box": [0.2, 0.3, 0.1, 0.2]}

        {"time": 0.5, "label": "ball", "id": 7, "confidence": 0.6, "position": [0.9, 0.1]}
        {"time": 2, "camera": "permission_denied"}
        """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let recording = try CVLogFile.load(path: path)
        #expect(recording.observations.count == 3)
        guard case .detection(let apple) = recording.observations[0], case .detection(let ball) = recording.observations[1] else {
            Issue.record("expected two detections first")
            return
        }
        #expect(apple.label == "apple" && apple.confidence == 0.91 && apple.time == 0.5)
        #expect(abs(apple.position.x - 0.25) < 1e-12 && abs(apple.position.y - 0.4) < 1e-12)
        #expect(ball.track == 7 && ball.position == CVPoint(x: 0.9, y: 0.1))
        #expect(recording.observations[2] == .cameraFailure(.permissionDenied, time: 2))
    }

    @Test func everyBadLineIsReportedWithItsLineAndColumn() {
        let text = """
        {"time": 0.1, "label": "apple", "confidence": 0.9, "position": [0.5, 0.5]}
        {"time": 0.2, "label": "apple", "confidence": NaN, "position": [0.5, 0.5]}
        {"time": 0.3, "label": "apple", "confidence": 0.9, "position": [-0.1, 0.5]}
        {"time": 0.4, "label": "apple", "confidence": 0.9, "position": [0.5, 1.5]}
        {"time": 0.5, "label": "apple", "confidence": 0.9, "box": [0.8, 0.1, 0.3, 0.1]}
        {"time": 0.05, "label": "apple", "confidence": 0.9, "position": [0.5, 0.5]}
        {"time": 0.6, "label": "apple", "confidense": 0.9, "position": [0.5, 0.5]}
        {"time": 0.7, "camera": "broken"}
        not json
        {"time": 0.8, "label": "apple", "confidence": 0.9}
        """
        let found = Self.problems(text)
        #expect(found.count == 10, "\(found)")
        #expect(found.map { $0.split(separator: ":").prefix(2).joined(separator: ":") }
            == ["log.jsonl:2", "log.jsonl:3", "log.jsonl:4", "log.jsonl:5", "log.jsonl:6", "log.jsonl:7", "log.jsonl:7", "log.jsonl:8",
                "log.jsonl:9", "log.jsonl:10"])
        #expect(found[1].hasPrefix("log.jsonl:3:65: position[0] is out of range: -0.1"))
        #expect(found[2].hasPrefix("log.jsonl:4:70: position[1] is out of range"))
        #expect(found[3].contains("box goes past the edge"))
        #expect(found[4] == "log.jsonl:6:1: time 0.05 is before 0.1 on line 1; a detection log is in time order")
        #expect(found[5].contains("missing the key 'confidence'"))
        #expect(found[6].contains("unknown key 'confidense' in a detection; did you mean 'confidence'?"))
        #expect(found[7].contains("unknown camera failure 'broken'"))
        #expect(found[9].contains("needs \"box\""))
    }

    @Test func hostileLogsAreRefusedByTheirCaps() {
        // A line of a megabyte.
        let huge = "{\"time\": 0, \"label\": \"" + String(repeating: "a", count: 1 << 20) + "\"}\n"
        #expect(Self.problems(huge) == ["log.jsonl:1:1: the line is 1048600 bytes long, over the 4096 a detection may take"])
        // Too many lines: refused from the count, before decoding.
        let many = String(repeating: "{}\n", count: CVLogLimits.maxLines + 1)
        #expect(Self.problems(many) == ["log.jsonl:500001:1: the detection log has 500001 lines, over the 500000 a log may have; split it or cut it to the scene"])
        // A thousand bad lines: a hundred listed and one counting the rest.
        let bad = Self.problems(String(repeating: "{\"time\": -1, \"label\": \"a\", \"confidence\": 1, \"position\": [0, 0]}\n", count: 1000))
        #expect(bad.count == 101)
        #expect(bad.last?.hasPrefix("log.jsonl:101:10: 900 more problems not listed") == true)
        // A label that does not print, and a label of a kilobyte.
        #expect(Self.problems("{\"time\": 0, \"label\": \"a\\u0007\", \"confidence\": 1, \"position\": [0, 0]}").first?.contains("does not print") == true)
        // Not UTF-8.
        let invalid = (try? CVLogFile.parse([0x7B, 0xFF, 0x7D], file: "log.jsonl")) == nil
        #expect(invalid)
    }

    @Test func aMissingLogIsOneLine() {
        #expect(throws: SceneErrors.self) { try CVLogFile.load(path: "/nonexistent/cv.jsonl") }
        do {
            _ = try CVLogFile.load(path: "/nonexistent/cv.jsonl")
        } catch {
            #expect("\(error)" == "/nonexistent/cv.jsonl:1:1: the detection log does not exist")
        }
    }

    @Test func aLiveLineIsParsedAloneAndABlankOneIsNothing() {
        guard case .success(let observation?) = CVLogLine.parse("{\"time\": 1, \"camera\": \"unavailable\"}", file: "stdin", line: 4) else {
            Issue.record("expected a camera failure")
            return
        }
        #expect(observation == .cameraFailure(.unavailable, time: 1))
        guard case .success(nil) = CVLogLine.parse("  ", file: "stdin", line: 5) else {
            Issue.record("a blank line is nothing")
            return
        }
        guard case .failure(let problems) = CVLogLine.parse("{\"time\": 1}", file: "stdin", line: 6) else {
            Issue.record("a line without a label is refused")
            return
        }
        #expect(problems.diagnostics.first?.description.hasPrefix("stdin:6:1: a detection is missing the key 'label'") == true)
    }
}
