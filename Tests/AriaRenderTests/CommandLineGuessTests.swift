import Foundation
import ImageDiff
import Output
import Testing
import TestSupport

/// The command line as a designer guesses it: `--at` is a moment in seconds, a span is in one
/// unit, a mistyped option is told the one it starts, and a size may be a name like `1080p`.
@Suite struct CommandLineGuessTests {
    private func png(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// A refusal: exit 2, one line on standard error holding `text`, nothing in `folder`.
    private func expectRefused(_ arguments: [String], saying text: String, folder: String) throws {
        let result = try AriaRenderTool.run(arguments, timeout: 60)
        #expect(result.status == 2, "\(arguments): \(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1 && result.standardError.contains(text), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "nothing written")
    }

    @Test func atABareNumberIsSeconds() throws {
        let folder = try makeTemporaryFolder("at-seconds")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (option, value, name) in [("--at", "5", "at"), ("--at", "2.5", "half"), ("--frame", "150", "frame"), ("--frame", "75", "75"), ("--frame", "5", "five")] {
            let result = try AriaRenderTool.run(["render", option, value, "--size", "320x180", "-o", "\(folder)/\(name).png", "--quiet"])
            #expect(result.status == 0, "\(result.standardError)")
        }
        #expect(try png(folder + "/at.png") == png(folder + "/frame.png"), "--at 5 is 5 s: frame 150 at 30 fps")
        #expect(try png(folder + "/half.png") == png(folder + "/75.png"), "--at 2.5 is frame 75")
        #expect(try png(folder + "/at.png") != png(folder + "/five.png"), "--at 5 is not frame 5")
    }

    @Test func aSpanMixingAFrameAndATimeIsRefused() throws {
        let folder = try makeTemporaryFolder("mixed-span")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try expectRefused(["render", "--frames", "2-4s", "-o", folder + "/clip.mp4"],
                          saying: "--frames 2-4s mixes a frame number and a time: give both ends as frames (60-119) or both as times (2s-4s)",
                          folder: folder)
        try expectRefused(["simulate", "--frames", "1s-90", "--trace", folder + "/t.jsonl"], saying: "mixes a frame number and a time", folder: folder)
    }

    @Test func aMistypedOptionIsToldTheOneItStarts() throws {
        let folder = try makeTemporaryFolder("mistyped")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try expectRefused(["render", "--out", folder + "/x.mp4"], saying: "Unknown option '--out'. Did you mean '--output'?", folder: folder)
        try expectRefused(["render", "--fraems", "0-5", "-o", folder + "/x/"], saying: "Did you mean '--frames'?", folder: folder)
        try expectRefused(["simulate", "--trac", folder + "/t.jsonl"], saying: "Did you mean '--trace'?", folder: folder)
        // A single letter: the option of the other case, else the one long option it starts.
        try expectRefused(["render", "-O", folder + "/x.mp4"], saying: "Unknown option '-O'. Did you mean '-o'?", folder: folder)
        try expectRefused(["render", "-q", "-o", folder + "/x.mp4"], saying: "Unknown option '-q'. Did you mean '--quiet'?", folder: folder)
    }

    @Test func aSizeMayBeANamedOne() throws {
        let folder = try makeTemporaryFolder("named-size")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (size, width, height) in [("720p", 1280, 720), ("480p-portrait", 480, 854)] {
            let path = "\(folder)/\(size).png"
            let result = try AriaRenderTool.run(["render", "--frame", "0", "--size", size, "-o", path, "--quiet"])
            #expect(result.status == 0, "\(result.standardError)")
            let image = try PNGImageFile.read(path)
            #expect(image.width == width && image.height == height, "\(size): \(image.width)x\(image.height)")
        }
        let empty = try makeTemporaryFolder("bad-size")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        try expectRefused(["render", "--size", "huge", "-o", empty + "/x.png", "--frame", "0"],
                          saying: "'huge' is invalid for '--size <WxH>': give WxH (1280x720) or a name: 720p, 1080p, 4K (2160p), 1080p-portrait",
                          folder: empty)
    }
}
