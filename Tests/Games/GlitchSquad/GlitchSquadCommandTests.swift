import Foundation
import TestSupport
import Testing

/// Glitch Squad from the command line: words read off rendered frames by tesseract, a
/// detection log reaching the scripted capture, a campaign of three runs in one profile read
/// back by sqlite3, a bad scene refused with every problem.
@Suite struct GlitchSquadCommandTests {
    static let scenes = RepositoryRoot.path + "/Scenes/glitch-squad/"

    /// Each frame's words, read by tesseract in the band of the screen that holds them (cut
    /// out by ImageMagick: a whole frame of glass and art confuses its page layout).
    @Test(arguments: [(150, "720x100+0+905", "MISSION AVAILABLE"), (545, "720x150+0+940", "TARGET LOCKED"),
                      (640, "720x110+0+650", "Mission Complete!")])
    func theWordsOnScreenAreLegible(frame: Int, band: String, words: String) throws {
        let folder = try makeTemporaryFolder("glitch-words-\(frame)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try AriaRenderTool.run(["render", Self.scenes + "mission-01.yaml", "--frame", String(frame), "-o", "f.png", "--quiet"],
                                             in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let cut = try Subprocess.run("convert", [folder + "/f.png", "-crop", band, "+repage", folder + "/band.png"], timeout: 60)
        #expect(cut.status == 0, "\(cut.standardError)")
        let read = try TextRecognition.read(png: folder + "/band.png", language: "eng")
        #expect(TextRecognition.letters(read) == TextRecognition.letters(words), "tesseract read: \(read)")
    }

    @Test func theLobbyListsItAndItsBuiltInSceneRendersToAVideoWithSound() throws {
        let games = try AriaRenderTool.run(["games"])
        #expect(games.standardOutput.contains("glitch-squad  Glitch Squad: Protocol Alpha — Pixel the robot is broken!"))
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try AriaRenderTool.run(["render", "--game", "glitch-squad", "--size", "360x640", "--frames", "520-580", "-o", "capture.mp4", "--quiet"],
                                             in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let video = try MediaProbe.probe(folder + "/capture.mp4", entries: "stream=codec_name,width,height,nb_read_frames")
        #expect(video["codec_name"] == "h264" && video["width"] == "360" && video["height"] == "640" && video["nb_read_frames"] == "61")
        let sound = try MediaProbe.probe(folder + "/capture.mp4", stream: "a:0", entries: "stream=codec_name")
        #expect(sound["codec_name"] == "aac")
    }

    @Test func aDetectorsLogDrivesMission01ToTheSameCapture() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scripted = try AriaRenderTool.run(["simulate", Self.scenes + "mission-01.yaml", "--trace", "scripted.jsonl"], in: folder)
        let logged = try AriaRenderTool.run(["simulate", Self.scenes + "mission-01-camera.yaml", "--cv-events", Self.scenes + "mission-01.jsonl",
                                             "--trace", "logged.jsonl"], in: folder)
        #expect(scripted.status == 0 && logged.status == 0, "\(scripted.standardError)\(logged.standardError)")
        func holds(_ file: String) throws -> [String] {
            try String(contentsOfFile: folder + "/" + file, encoding: .utf8).split(separator: "\n").map(String.init)
                .filter { $0.contains("\"event\":\"acquired\"") || $0.contains("\"event\":\"hold_reset\"") || $0.contains("\"event\":\"capture\"") }
        }
        let fromScript = try holds("scripted.jsonl"), fromLog = try holds("logged.jsonl")
        #expect(fromScript.count == 4 && fromScript == fromLog)
        #expect(fromLog.last == "{\"t\":17.8167,\"frame\":535,\"event\":\"capture\",\"label\":\"apple\",\"held_steps\":90,\"target\":true}")
    }

    @Test func threeRunsWithOneProfilePlayTheCampaignInOrder() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var captured: [String] = []
        for run in 1...3 {
            let outcome = try AriaRenderTool.run(["simulate", Self.scenes + "campaign.yaml", "--profile", "agent.profile", "--trace", "t\(run).jsonl"],
                                                 in: folder)
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let trace = try String(contentsOfFile: folder + "/t\(run).jsonl", encoding: .utf8)
            #expect(trace.contains("\"event\":\"phase\",\"from\":\"none\",\"to\":\"hook\",\"cause\":\"start\",\"mission\":\(run)"))
            let capture = trace.split(separator: "\n").first { $0.contains("\"event\":\"capture\"") }
            captured.append(["apple", "banana", "orange"].first { capture?.contains("\"label\":\"\($0)\"") == true } ?? "none")
        }
        #expect(captured == ["apple", "banana", "orange"])
        let saved = try Subprocess.run("sqlite3", [folder + "/agent.profile",
                                                   "SELECT key, kind, value FROM saved_value WHERE game = 'glitch-squad' ORDER BY key"], timeout: 30)
        #expect(saved.status == 0, "\(saved.standardError)")
        #expect(saved.standardOutput == "currentMissionIndex|integer|3\nisBaseRepaired|flag|1\ntotalCoins|integer|150\n")
    }

    @Test func aBadSceneIsRefusedWithEveryProblemAndNothingWritten() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
        version: 1
        game: glitch-squad
        canvas: {width: 720, height: 1280}
        duration: 5
        hunt_seconds: 2
        timeline:
          - {time: 1, press: accept_mission}
        """.write(toFile: folder + "/bad.yaml", atomically: true, encoding: .utf8)
        let outcome = try AriaRenderTool.run(["render", "bad.yaml", "-o", "out.mp4"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("bad.yaml:5:15: hunt_seconds is out of range: 2; expected a whole number from 5 to 599"))
        #expect(outcome.standardError.contains("bad.yaml:7:22: unknown button 'accept_mission' in timeline[0].press"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out.mp4"))
    }

    /// A press or a camera failure past the scene's end is bad input (it would never be pressed),
    /// as in the princess game; a negative time names the scene's duration, not a day.
    @Test func pressTimesOutsideTheSceneAreRefusedNamingItsDuration() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
        version: 1
        game: glitch-squad
        canvas: {width: 720, height: 1280}
        duration: 16
        timeline:
          - {time: 40, press: return_to_base}
          - {time: -1, press: accept}
        cv:
          script:
            - {camera: unavailable, time: 17}
        """.write(toFile: folder + "/late.yaml", atomically: true, encoding: .utf8)
        let outcome = try AriaRenderTool.run(["validate", "late.yaml"], in: folder)
        #expect(outcome.status == 2)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        let within = "seconds (within the scene's duration)"
        #expect(lines.contains("late.yaml:6:12: timeline[0].time is out of range: 40; expected a number from 0 to 16 \(within)"), "\(lines)")
        #expect(lines.contains("late.yaml:7:12: timeline[1].time is out of range: -1; expected a number from 0 to 16 \(within)"), "\(lines)")
        #expect(lines.contains("late.yaml:10:35: cv.script[0].time is out of range: 17; expected a number from 0 to 16 \(within)"), "\(lines)")
    }

    /// A Glitch Squad scene without `canvas:` is the game's portrait 720x1280 (its
    /// GameModule.defaultCanvas); another game's keeps the header's landscape 1280x720.
    @Test func aSceneWithoutCanvasIsPortrait() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "version: 1\ngame: glitch-squad\nduration: 5\n".write(toFile: folder + "/glitch.yaml", atomically: true, encoding: .utf8)
        try "version: 1\ngame: example\nduration: 5\n".write(toFile: folder + "/example.yaml", atomically: true, encoding: .utf8)
        let glitch = try AriaRenderTool.run(["validate", "glitch.yaml"], in: folder)
        #expect(glitch.standardOutput.hasSuffix(", 720x1280, 5 s)\n"), "\(glitch.standardOutput)\(glitch.standardError)")
        let example = try AriaRenderTool.run(["validate", "example.yaml"], in: folder)
        #expect(example.standardOutput.hasSuffix(", 1280x720, 5 s)\n"), "\(example.standardOutput)\(example.standardError)")
        let outcome = try AriaRenderTool.run(["render", "glitch.yaml", "--frame", "4.5s", "-o", "base.png", "--quiet"], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let size = try Subprocess.run("identify", ["-format", "%wx%h", folder + "/base.png"], timeout: 60)
        #expect(size.standardOutput == "720x1280")
    }
}
