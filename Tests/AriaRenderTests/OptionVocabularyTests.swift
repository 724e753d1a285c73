import Foundation
import Testing
import TestSupport

/// One meaning per option name across commands: --frames is a range, --output where things
/// go, --no-sound turns sound off, --mic is the microphone. The old spellings still work for
/// one release, each with a one-line notice.
@Suite struct OptionVocabularyTests {
    @Test func theOldSpellingsWorkWithANotice() throws {
        let folder = try makeTemporaryFolder("vocabulary")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let render = try AriaRenderTool.run(["render", "--size", "160x90", "--frames", "0-9", "--no-audio", "-o", folder + "/v.mp4", "--quiet"])
        #expect(render.status == 0)
        #expect(render.standardError == "aria-render: note: --no-audio is now --no-sound; the old spelling goes in the next release\n")
        let audio = try MediaProbe.probe(folder + "/v.mp4", stream: "a", entries: "stream=codec_name")
        #expect(audio.isEmpty, "no sound track, as with --no-sound")

        let demo = try AriaRenderTool.run(["demo", "--frames", folder + "/shown", "--window", "160x90", "--duration", "1",
                                           "--no-sound", "--no-mic"], environment: ["DISPLAY": ""], timeout: 30)
        #expect(demo.status == 0)
        #expect(demo.standardError.contains("aria-render: note: --frames DIR is now --output DIR"))
        #expect(!PNGFiles.in(folder + "/shown").isEmpty)

        let listen = try AriaRenderTool.run(["listen", "--device", "x", "--file", "y.wav"])
        #expect(listen.status == 2)
        #expect(listen.standardError.contains("give --file or --mic, not both"))
    }

    @Test func simulateTakesARangeAsRenderDoes() throws {
        let folder = try makeTemporaryFolder("simulate-range")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let ranged = try AriaRenderTool.run(["simulate", "--frames", "60-120", "--trace", folder + "/t.jsonl"])
        #expect(ranged.status == 0, "\(ranged.standardError)")
        let frames = try String(contentsOfFile: folder + "/t.jsonl", encoding: .utf8).split(separator: "\n").compactMap { line -> Int? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["frame"] as? Int
        }
        #expect(!frames.isEmpty && frames.allSatisfy { (60...120).contains($0) })

        let counted = try AriaRenderTool.run(["simulate", "--frames", "30", "--trace", folder + "/c.jsonl"])
        #expect(counted.status == 0)
        #expect(counted.standardError.contains("note: --frames 30 is now --frames 0-30"))
        #expect(try AriaRenderTool.run(["simulate", "--frames", "50-10"]).standardError.contains("the last frame comes before the first"))
    }
}

/// The PNG files of a folder.
enum PNGFiles {
    static func `in`(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".png") }
    }
}
