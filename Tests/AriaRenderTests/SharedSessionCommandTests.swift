import Foundation
import TestSupport
import Testing

/// The shared session from the command line: simulate's per-peer trace, sync-check's exit
/// codes and summary, and render's side-by-side frames and --peer.
@Suite struct SharedSessionCommandTests {
    let playTogether = RepositoryRoot.url.appendingPathComponent("Scenes/princess/play-together.yaml").path

    @Test func simulateTracesEveryPeersSyncEvents() throws {
        let outcome = try AriaRenderTool.run(["simulate", "--trace", "-", playTogether])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n")
        var events: [String: Set<String>] = [:]
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let peer = try #require(object["peer"] as? String, "every line of a session names its peer: \(line)")
            events[peer, default: []].insert(object["event"] as? String ?? "")
        }
        #expect(Set(events.keys) == ["ann", "ben"])
        for name in ["send", "receive", "apply", "drop", "join"] { #expect(events["ben"]?.contains(name) == true, "\(name)") }
        #expect(events["ben"]?.contains("leave") == true)
        #expect(events["ann"]?.contains("converged") == true)
        #expect(outcome.standardError.contains("ann in_sync, ben in_sync"))
        // Twice the same bytes.
        let again = try AriaRenderTool.run(["simulate", "--trace", "-", playTogether])
        #expect(again.standardOutput == outcome.standardOutput)
    }

    @Test func syncCheckPassesAndSummarises() throws {
        let outcome = try AriaRenderTool.run(["sync-check", playTogether, "--seeds", "40", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(object["seeds"] as? Int == 40)
        #expect(object["passed"] as? Bool == true)
        #expect(object["first_failure"] is NSNull)
        let steps = try #require(object["convergence_steps"] as? [String: Any])
        #expect((steps["max"] as? Int ?? .max) <= 180)
    }

    @Test func syncCheckNamesTheFirstFailingSeedAndStep() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        // Half the messages lost and a tenth of a second to settle: some seed must fail.
        var text = try String(contentsOfFile: playTogether, encoding: .utf8)
        text = text.replacingOccurrences(of: "loss: 0.15", with: "loss: 0.5").replacingOccurrences(of: "settle: 3", with: "settle: 0.1")
        try text.write(to: folder.appendingPathComponent("flaky.yaml"), atomically: true, encoding: .utf8)
        let outcome = try AriaRenderTool.run(["sync-check", "flaky.yaml", "--seeds", "30"], in: folder.path)
        #expect(outcome.status == 1)
        let line = try #require(outcome.standardError.split(separator: "\n").first.map(String.init))
        #expect(line.range(of: #"^aria-render: sync-check failed: seed \d+, step \d+ \(t [0-9.]+ s\): disagreement on peer \w+"#,
                           options: .regularExpression) != nil, "\(line)")
    }

    @Test func syncCheckRefusesWhatIsNoSession() throws {
        let plain = RepositoryRoot.url.appendingPathComponent("Scenes/princess/gestures.yaml").path
        let outcome = try AriaRenderTool.run(["sync-check", plain])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("has no 'session:' section"))
        let seeds = try AriaRenderTool.run(["sync-check", playTogether, "--seeds", "0"])
        #expect(seeds.status == 2)
        #expect(seeds.standardError.contains("--seeds 0 is out of range"))
    }

    @Test func theDemoRefusesASessionInOneLine() throws {
        let outcome = try AriaRenderTool.run(["demo", playTogether, "-o", "/tmp/aria-session-demo-none"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("aria-render: the demo plays one device"))
        #expect(outcome.standardError.split(separator: "\n").count == 1)
    }

    @Test func renderDrawsThePeersSideBySideOrOne() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        let both = try AriaRenderTool.run(["render", playTogether, "--frame", "180", "--size", "320x180", "-o", "both.png"], in: folder.path)
        #expect(both.status == 0, "\(both.standardError)")
        let ben = try AriaRenderTool.run(["render", playTogether, "--frame", "180", "--size", "320x180", "--peer", "ben", "-o", "ben.png"],
                                         in: folder.path)
        #expect(ben.status == 0, "\(ben.standardError)")
        // PNG width and height, from the file's header.
        func size(_ name: String) throws -> (Int, Int) {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (word(16), word(20))
        }
        #expect(try size("both.png") == (640, 180))
        #expect(try size("ben.png") == (320, 180))
        let typo = try AriaRenderTool.run(["render", playTogether, "--frame", "1", "--peer", "bne", "-o", "x.png"], in: folder.path)
        #expect(typo.status == 2)
        #expect(typo.standardError.contains("did you mean 'ben'?"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
        let plain = try AriaRenderTool.run(["render", RepositoryRoot.url.appendingPathComponent("Scenes/princess/gestures.yaml").path,
                                            "--frame", "1", "--peer", "ann", "-o", "y.png"], in: folder.path)
        #expect(plain.status == 2)
        #expect(plain.standardError.contains("no 'session:' section"))
    }

    @Test func aSessionVideoHasBothPanelsAndTheFirstPeersSound() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try AriaRenderTool.run(["render", playTogether, "--frames", "0-29", "--size", "320x180", "-o", "s.mp4", "--quiet"],
                                             in: folder.path)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let path = folder.appendingPathComponent("s.mp4").path
        let video = try MediaProbe.probe(path, entries: "stream=width,height,nb_read_frames")
        #expect(video["width"] == "640" && video["height"] == "180")
        #expect(video["nb_read_frames"] == "30")
        let audio = try MediaProbe.probe(path, stream: "a:0", entries: "stream=codec_type")
        #expect(audio["codec_type"] == "audio")
        let gif = try AriaRenderTool.run(["render", playTogether, "--frames", "150-159", "--size", "160x90", "--peer", "ben", "-o", "b.gif", "--quiet"],
                                         in: folder.path)
        #expect(gif.status == 0, "\(gif.standardError)")
        let frames = try MediaProbe.probe(folder.appendingPathComponent("b.gif").path, entries: "stream=codec_name,width,height,nb_read_frames")
        #expect(frames["codec_name"] == "gif" && frames["width"] == "160" && frames["nb_read_frames"] == "10")
    }
}
