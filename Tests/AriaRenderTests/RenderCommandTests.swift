import Drawing
import Foundation
import Output
import TestSupport
import Testing
import PrincessGame

/// `aria-render render` run as a subprocess: outputs checked with ffprobe and by decoding,
/// and every failure checked for its exit code and its one line.
@Suite struct RenderCommandTests {
    private func render(_ arguments: [String], in folder: String, path: String? = nil) throws -> Subprocess.Result {
        try AriaRenderTool.run(["render"] + arguments, in: folder, environment: path.map { ["PATH": $0] } ?? [:])
    }

    private func temporaryFolder(_ label: String = #function) throws -> String {
        let path = NSTemporaryDirectory() + "render-command-\(label.filter(\.isLetter))-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func decoded(_ path: String) throws -> [UInt8] {
        let surface = try #require(ImageSurface.readWithCairo(from: path))
        let pixels = surface.pixels
        return (0..<pixels.height).flatMap { y in
            Array(UnsafeRawBufferPointer(start: pixels.base + y * pixels.stride, count: pixels.width * 4))
        }
    }

    @Test func theDefaultSceneBecomesAnMP4UnderOut() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try render(["--size", "320x180", "--fps", "10", "--frames", "0-19", "--json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let video = folder + "/out/default.mp4"
        let info = try MediaProbe.probe(video, entries: "stream=codec_name,width,height,pix_fmt,nb_read_frames")
        #expect(info["codec_name"] == "h264" && info["pix_fmt"] == "yuv420p")
        #expect(info["width"] == "320" && info["height"] == "180")
        #expect(info["nb_read_frames"] == "20")
        let duration = try MediaProbe.probe(video, entries: "format=duration")["duration"].flatMap(Double.init) ?? 0
        #expect(abs(duration - 2) < 0.15)
        // The JSON summary, and one summary line on standard error (not a terminal here).
        let json = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
        #expect(json?["frames"] as? Int == 20)
        #expect(json?["outputs"] as? [String] == ["out/default.mp4"])
        #expect((json?["fps"] as? Double ?? 0) > 0 && json?["seconds"] != nil)
        #expect(outcome.standardError.split(separator: "\n").count == 1 && outcome.standardError.hasPrefix("Rendered 20 frames"))
    }

    @Test func aFrameRangeEqualsTheSameFramesOfAFullRender() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let full = try render(["-o", "full", "--size", "320x180", "--fps", "10", "--frames", "0-24", "--quiet"], in: folder)
        #expect(full.status == 0 && full.standardError.isEmpty && full.standardOutput.isEmpty)
        let part = try render(["-o", "part/", "--size", "320x180", "--fps", "10", "--frames", "20-24", "--quiet"], in: folder)
        #expect(part.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/part").sorted()
        #expect(names == (20...24).map { PNGSequenceSink.fileName(ofFrame: $0) })
        for name in names {
            #expect(try decoded(folder + "/part/" + name) == (try decoded(folder + "/full/" + name)), "\(name)")
        }
        // A second full render gives the same bytes, file for file.
        let again = try render(["-o", "again", "--size", "320x180", "--fps", "10", "--frames", "0-24", "--quiet"], in: folder)
        #expect(again.status == 0)
        for index in [0, 13, 24] {
            let name = PNGSequenceSink.fileName(ofFrame: index)
            #expect(FileManager.default.contents(atPath: folder + "/full/" + name) == FileManager.default.contents(atPath: folder + "/again/" + name))
        }
        // One frame to one PNG is that same frame.
        let single = try render(["-o", "still.png", "--size", "320x180", "--fps", "10", "--frame", "22", "--quiet"], in: folder)
        #expect(single.status == 0)
        #expect(try decoded(folder + "/still.png") == (try decoded(folder + "/full/frame_00022.png")))
    }

    @Test func aMissingFFmpegIsExitThreeWithOneLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/empty", withIntermediateDirectories: true)
        let outcome = try render(["-o", "clip.mp4", "--frames", "0-2"], in: folder, path: folder + "/empty")
        #expect(outcome.status == 3)
        #expect(outcome.standardError == "aria-render: ffmpeg not found on PATH; install it (Debian: apt-get install ffmpeg)\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/clip.mp4"))
    }

    @Test func anUnwritableOutputIsExitThree() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/blocker", contents: Data([1]))
        for output in ["blocker/clip.mp4", "blocker/frames/", "blocker/one.png"] {
            let extra = output.hasSuffix(".png") ? ["--frame", "0"] : ["--frames", "0-1"]
            let outcome = try render(["-o", output, "--size", "320x180"] + extra, in: folder)
            #expect(outcome.status == 3, "\(output): \(outcome.standardError)")
            #expect(outcome.standardError.hasPrefix("aria-render: ") && outcome.standardError.split(separator: "\n").count == 1)
        }
        // A file where a folder should be made: the path as written, and why.
        for output in ["blocker/deeper/clip.mp4", "blocker/deeper/frames/", "blocker/deeper/one.png"] {
            let extra = output.hasSuffix(".png") ? ["--frame", "0"] : ["--frames", "0-1"]
            let outcome = try render(["-o", output, "--size", "320x180"] + extra, in: folder)
            let folderWritten = output.hasSuffix("/") ? String(output.dropLast()) : "blocker/deeper"
            #expect(outcome.status == 3, "\(output): \(outcome.standardError)")
            #expect(outcome.standardError == "aria-render: cannot create the folder \(folderWritten): Not a directory\n")
        }
    }

    @Test func aBadSceneIsExitTwoWithItsPlace() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = folder + "/broken.yaml"
        try "version: 1\ncanvas:\n  width: banana\n".write(toFile: scene, atomically: true, encoding: .utf8)
        let outcome = try render([scene, "-o", "x.mp4"], in: folder)
        #expect(outcome.status == 2)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.last == "aria-render: the scene file \(scene) is invalid")
        #expect(lines.first?.hasPrefix(scene + ":") == true, "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.mp4"))
    }

    @Test(arguments: [
        (["--frames", "5-2"], "--frames"), (["--frames", "0-99999"], "outside"), (["--size", "12x9"], "--size"),
        (["--fps", "0"], "--fps"), (["-o", "x.mov"], "unknown output type"), (["-o", "x.png"], "--frame N"),
        (["--frame", "1", "--frames", "0-3"], "not several"), (["-o", ""], "the output path is empty"),
    ])
    func badOptionsAreExitTwo(arguments: [String], mention: String) throws {
        let folder = try temporaryFolder("badOptions")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try render(arguments, in: folder)
        #expect(outcome.status == 2, "\(arguments): \(outcome.standardError)")
        #expect(outcome.standardError.hasPrefix("aria-render: ") && outcome.standardError.contains(mention), "\(outcome.standardError)")
        #expect(outcome.standardError.split(separator: "\n").count == 1)
    }
}
