import Foundation
import Output
import PrincessGame
import Princess
import Testing
import PrincessTestSupport
import TestSupport

/// A browser shows the colours that were drawn. HD video has shifted colour in browsers
/// while ffmpeg, decoding it back, saw nothing wrong: ffmpeg reads untagged video as BT.601,
/// browsers as BT.709. So the evidence here is Chromium's own decoding and conversion of the
/// files this tool writes, read back from a canvas. Serialized: each Chromium takes both cores
/// for a moment.
@Suite(.serialized) struct BrowserColourTests {
    @Test(arguments: [(VideoFormat.mp4, 1280, 720), (.webm, 1280, 720), (.mp4, 1920, 1080), (.mp4, 640, 360)])
    func aBrowserShowsTheColoursThatWereDrawn(format: VideoFormat, width: Int, height: Int) throws {
        let folder = try makeTemporaryFolder("browser-\(format)-\(width)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (snapshot, drawn) = try LineUpClip.reference(width: width, height: height)
        let path = folder + "/clip." + format.rawValue
        try LineUpClip.write(snapshot, format: format, to: path)

        let shown = try HeadlessBrowser.firstFrame(of: path)
        try #require(shown.width == width && shown.height == height)
        let (error, pixels) = SaturatedColours.meanError(shown.rgb, drawn, width: width, height: height)
        print(String(format: "browser colour: Chromium shows the %@ at %dx%d %.2f levels off on %d saturated pixels",
                     format.rawValue, width, height, error, pixels))
        #expect(pixels > width * height / 50, "the line-up has saturated dresses to measure")
        #expect(error <= 3, "Chromium shows the \(format) at \(width)x\(height) \(error) levels off on \(pixels) saturated pixels")
    }

    @Test func theCheckSeesTheShiftOfUntaggedBT601Video() throws {
        // What a tool that converts with BT.601 and tags nothing writes: ffmpeg decodes it back
        // right, Chromium does not. The measure must tell them apart.
        let folder = try makeTemporaryFolder("browser-bt601")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (width, height) = (1280, 720)
        let pixels = try FrameRenderer().render(SnapshotFixtures.lineUp(width: width, height: height))
        let drawn = SaturatedColours.rgb(pixels)
        let png = folder + "/frame.png", path = folder + "/untagged.mp4"
        #expect(keep(pixels).writeWithCairo(to: png))
        _ = try MediaProbe.output(of: "ffmpeg", ["-v", "error", "-y", "-loop", "1", "-i", png, "-frames:v", "3",
                                                 "-vf", "scale=out_color_matrix=bt601:out_range=tv,format=yuv420p",
                                                 "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", path])
        let byFFmpeg = try LineUpClip.decodedByFFmpeg(path)
        #expect(SaturatedColours.meanError(byFFmpeg, drawn, width: width, height: height).error <= 3,
                "ffmpeg reads untagged video as BT.601, so it sees nothing wrong")
        let shown = try HeadlessBrowser.firstFrame(of: path)
        let (error, _) = SaturatedColours.meanError(shown.rgb, drawn, width: width, height: height)
        print(String(format: "browser colour: Chromium shows untagged BT.601 video %.2f levels off", error))
        #expect(error > 5, "Chromium shows the untagged BT.601 video only \(error) levels off")
    }
}
