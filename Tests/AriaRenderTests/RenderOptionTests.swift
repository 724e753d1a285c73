import Foundation
import Testing
import TestSupport

/// Options out of range say the range; what `render` reports is what it wrote.
@Suite struct RenderOptionTests {
    @Test(arguments: [
        (["--size", "0x0"], "--size 0x0 is out of range: the width must be 16…7680 and the height 16…4320"),
        (["--size", "8000x100"], "--size 8000x100 is out of range"),
        (["--size", "360"], "The value '360' is invalid for '--size <WxH>'"),
        (["--fps", "-5"], "--fps -5 is out of range: it must be 1…240"),
        (["--fps", "0"], "--fps 0 is out of range"),
        (["--frames", "100-50"], "--frames 100-50: the last frame comes before the first"),
        (["--frame", "-3"], "--frame -3: give frame numbers from 0 or times"),
    ])
    func anOptionOutOfRangeSaysItsRange(arguments: [String], message: String) throws {
        let folder = try makeTemporaryFolder("options")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try AriaRenderTool.run(["render"] + arguments + ["-o", folder + "/x.mp4"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("aria-render: " + message), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty)
    }

    @Test func anOddSizeIsReportedAsWritten() throws {
        let folder = try makeTemporaryFolder("odd")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try AriaRenderTool.run(["render", "--size", "641x361", "--frames", "0-5", "-o", folder + "/odd.mp4", "--json"])
        #expect(result.status == 0)
        let summary = try JSONSummary(result.standardOutput)
        #expect(summary.int("width") == 642 && summary.int("height") == 362, "\(result.standardOutput)")
        #expect(result.standardError.contains("641x361 was padded to 642x362 for mp4"))
        let probe = try MediaProbe.probe(folder + "/odd.mp4", entries: "stream=width,height")
        #expect(probe["width"] == "642" && probe["height"] == "362")
        let png = try AriaRenderTool.run(["render", "--size", "641x361", "--frame", "0", "-o", folder + "/odd.png", "--json", "--quiet"])
        let pngSummary = try JSONSummary(png.standardOutput)
        #expect(pngSummary.int("width") == 641 && pngSummary.int("height") == 361, "a PNG keeps the size asked")
    }

    @Test func framesOfAnotherRenderAreNeverMixedIn() throws {
        let folder = try makeTemporaryFolder("frames-folder")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = folder + "/frames"
        #expect(try AriaRenderTool.run(["render", "--frames", "0-3", "--size", "320x180", "-o", frames, "--quiet"]).status == 0)
        let again = try AriaRenderTool.run(["render", "--frames", "0-1", "--size", "320x180", "-o", frames, "--quiet"])
        #expect(again.status == 2)
        #expect(again.standardError.contains("already holds 4 frames") && again.standardError.contains("--overwrite"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames).count == 4, "refused: nothing changed")
        let replaced = try AriaRenderTool.run(["render", "--frames", "0-1", "--size", "320x180", "-o", frames, "--quiet", "--overwrite"])
        #expect(replaced.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames).sorted() == ["frame_00000.png", "frame_00001.png"],
                "the old render's other frames are gone")
    }

    @Test func aSoundtrackOutputHonoursTraceAndJSON() throws {
        let folder = try makeTemporaryFolder("wav-trace")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let wav = try AriaRenderTool.run(["render", "-o", folder + "/s.wav", "--frames", "30-89", "--trace", folder + "/s.jsonl", "--json", "--quiet"])
        #expect(wav.status == 0)
        let summary = try JSONSummary(wav.standardOutput)
        #expect(summary.int("frames") == 60 && summary.strings("outputs").first?.hasSuffix("s.wav") == true, "\(wav.standardOutput)")
        let video = try AriaRenderTool.run(["render", "-o", folder + "/v.mp4", "--size", "160x90", "--frames", "30-89",
                                            "--trace", folder + "/v.jsonl", "--quiet"])
        #expect(video.status == 0)
        let soundTrace = try String(contentsOfFile: folder + "/s.jsonl", encoding: .utf8)
        #expect(!soundTrace.isEmpty)
        #expect(soundTrace == (try String(contentsOfFile: folder + "/v.jsonl", encoding: .utf8)), "the same trace as the video's")
    }

    @Test func theSoundTrackIsStreamedNotWrittenToDisk() throws {
        let folder = try makeTemporaryFolder("streamed-sound")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/tmp", withIntermediateDirectories: true)
        let result = try AriaRenderTool.run(["render", "--size", "160x90", "--frames", "0-149", "-o", folder + "/v.mp4", "--quiet"],
                                            environment: ["TMPDIR": folder + "/tmp"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/tmp").isEmpty, "no soundtrack file on the way")
        let audio = try MediaProbe.probe(folder + "/v.mp4", stream: "a:0", entries: "stream=codec_name,sample_rate,channels,duration")
        #expect(audio["codec_name"] == "aac" && audio["sample_rate"] == "48000" && audio["channels"] == "2")
        #expect(abs((Double(audio["duration"] ?? "") ?? 0) - 5) < 0.1, "150 frames at 30 fps: 5 s of sound")
    }
}
