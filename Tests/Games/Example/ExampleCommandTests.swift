import Foundation
import TestSupport
import Testing

/// The example game from the command line, as a user meets it: listed in the lobby, rendered
/// from its built-in scene to an MP4 that ffprobe reads, driven by a log and by a live stream.
@Suite struct ExampleCommandTests {
    @Test func theLobbyListsIt() throws {
        let text = try AriaRenderTool.run(["games"])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("example  Shape Friends — Put your toys in front of the camera"))
        #expect(text.standardOutput.contains("camera: object_detected, object_moved, object_removed"))
        let json = try AriaRenderTool.run(["games", "--json"])
        let games = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        let example = try #require(games.first { $0["id"] as? String == "example" })
        #expect(example["minAge"] as? Int == 3 && example["iconName"] as? String == "example_shapes")
    }

    @Test func itsBuiltInSceneRendersToAVideoAndAnotherGamesSceneIsRefused() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try AriaRenderTool.run(["render", "--game", "example", "-o", "out.mp4", "--quiet"], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let info = try MediaProbe.probe(folder + "/out.mp4", entries: "stream=codec_name,width,height,nb_read_frames")
        #expect(info["codec_name"] == "h264" && info["width"] == "960" && info["height"] == "540" && info["nb_read_frames"] == "240")
        let sound = try MediaProbe.probe(folder + "/out.mp4", stream: "a:0", entries: "stream=codec_name")
        #expect(sound["codec_name"] == "aac")

        let other = try AriaRenderTool.run(["render", RepositoryRoot.path + "/Scenes/princess/default.yaml", "--game", "example", "-o", "no.mp4"], in: folder)
        #expect(other.status == 2)
        #expect(other.standardError.contains("is a scene of the game princess, not of example (--game)"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/no.mp4"))
        let mine = try AriaRenderTool.run(["simulate", RepositoryRoot.path + "/Scenes/example/shapes.yaml", "--game", "example"], in: folder)
        #expect(mine.status == 0, "\(mine.standardError)")
    }

    @Test func aRecordedLogDrivesASimulation() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try AriaRenderTool.run(["simulate", RepositoryRoot.path + "/Scenes/example/empty-mat.yaml",
                                              "--cv-events", RepositoryRoot.path + "/Scenes/example/toys.jsonl",
                                              "--trace", "trace.jsonl"], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = try String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.first?.hasPrefix("{\"t\":1.05,\"frame\":32,\"event\":\"appear\",\"character\":\"duck\"") == true)
        #expect(lines.contains { $0.contains("\"event\":\"move\",\"character\":\"duck\"") })
        #expect(lines.contains { $0.contains("\"event\":\"camera_error\",\"kind\":\"unavailable\",\"message\":\"Camera not working. Try another game!\"") })
    }

    @Test func aLiveStreamOnStandardInputReachesTheGameAndABadLineIsSkipped() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = try #require(AriaRenderTool.path)
        let script = "printf '%s\\n' 'not a detection' '{\"time\": 0, \"label\": \"kite\", \"confidence\": 0.9, \"position\": [0.5, 0.5]}' | "
            + "'\(tool)' demo --game example --cv-stream - --output frames --duration 2 --trace trace.jsonl --no-sound --no-mic"
        let outcome = try Subprocess.run("/bin/sh", ["-c", script], in: folder, timeout: 60)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("camera stream: stdin:1:1: malformed JSON"))
        let trace = try String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8)
        #expect(trace.contains("\"event\":\"appear\",\"character\":\"kite\""))
    }
}
