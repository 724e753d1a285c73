import Foundation
import Output
import Testing
import TestSupport

/// GIFs are made in two passes (a palette from sampled frames, then every frame dithered to
/// it as it comes): the GIF still holds every frame at its size, the same render gives the
/// same bytes, and neither a finished nor an interrupted render leaves its palette behind.
@Suite struct GIFRenderTests {
    @Test func aGIFHoldsEveryFrameAtItsSizeAndTheSameBytesTwice() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["a.gif", "b.gif"] {
            let outcome = try AriaRenderTool.run(["render", "-o", folder + "/" + name, "--size", "320x180", "--fps", "20",
                                                  "--frames", "0-149", "--quiet"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
        }
        let info = try MediaProbe.probe(folder + "/a.gif", entries: "stream=codec_name,width,height,nb_read_frames")
        #expect(info["codec_name"] == "gif")
        #expect(info["width"] == "320" && info["height"] == "180")
        #expect(info["nb_read_frames"] == "150")
        let first = try #require(FileManager.default.contents(atPath: folder + "/a.gif"))
        let second = try #require(FileManager.default.contents(atPath: folder + "/b.gif"))
        #expect(first == second, "two renders of the same GIF differ")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == ["a.gif", "b.gif"], "no palette or partial file is left: \(left)")
    }

    @Test func anOddSizedGIFKeepsItsSize() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try AriaRenderTool.run(["render", "-o", folder + "/odd.gif", "--size", "161x91", "--frames", "0-9", "--quiet"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let info = try MediaProbe.probe(folder + "/odd.gif", entries: "stream=width,height,nb_read_frames")
        #expect(info["width"] == "161" && info["height"] == "91" && info["nb_read_frames"] == "10")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["odd.gif"])
    }

    /// Stopped in the palette pass or in the dithering pass, a GIF render leaves nothing.
    @Test(arguments: [false, true])
    func anInterruptedGIFLeavesNothing(inSecondPass: Bool) throws {
        let folder = try makeTemporaryFolder("gif-interrupt-\(inSecondPass)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Long enough (600 frames at 720p, half a minute) that a crowded machine still finds
        // each pass under way; it is stopped long before its end.
        let render = try AriaRenderTool.start(["render", "-o", folder + "/g.gif", "--size", "1280x720", "--fps", "60", "--quiet"])
        // The palette pass writes a hidden palette; the second pass the GIF's own partial file.
        // The pass is under way once its file is there and ffmpeg is writing it.
        func started() -> Bool {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.contains { inSecondPass ? $0 == ".g.gif.partial-\(render.pid)" : $0.contains(".partial-") }
                && Subprocess.isRunning(commandLineMatching: "ffmpeg.*" + folder)
        }
        // What the wait saw is what counts: asked again, the palette pass may just have ended
        // and the dithering pass not yet begun (the render goes on; the interrupt still stops it).
        let seen = waitUntil(every: 0.05, timeout: 120, stillPossible: { render.isRunning }, until: started)
        try #require(seen,
                     "the render ended (exit \(render.status.map(String.init) ?? "none")) before it could be interrupted: \(render.standardError)")
        render.send(SIGINT)
        let exit = render.finish(timeout: 30)
        #expect(exit == 130)
        #expect(render.standardError.hasPrefix("aria-render: interrupted by "), "\(render.standardError)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        #expect(left.isEmpty, "no palette, partial GIF or GIF: \(left)")
        let ffmpeg = try Subprocess.run("pgrep", ["-f", folder + "/.g.gif"])
        #expect(ffmpeg.standardOutput.isEmpty, "no ffmpeg left writing: \(ffmpeg.standardOutput)")
    }

    @Test func thePaletteSamplesAtMostItsLimitWithTheFirstAndLastFrames() {
        #expect(GIFPalette.sampleFrames(of: 0..<10) == Array(0..<10))
        #expect(GIFPalette.sampleFrames(of: 5..<125) == Array(5..<125))
        for frames in [0..<121, 0..<300, 17..<3617, 0..<36000, 3..<7] {
            let sample = GIFPalette.sampleFrames(of: frames)
            #expect(sample.count <= GIFPalette.sampleLimit)
            #expect(sample.first == frames.lowerBound && sample.last == frames.upperBound - 1)
            #expect(sample == sample.sorted() && Set(sample).count == sample.count)
            if frames.count > 240 { #expect(sample.count >= GIFPalette.sampleLimit / 2, "\(frames): \(sample.count)") }
        }
    }
}
