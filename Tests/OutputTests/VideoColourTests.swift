import Foundation
import Output
import Render
import Scene
import Testing
import TestSupport

/// Videos look the same in a browser or player as the frames did: every video declares BT.709
/// (primaries, transfer, matrix, limited range) and is converted with that matrix, so a decoder
/// that honours the tags and one that assumes HD's BT.709 both give back the drawn colours.
@Suite struct VideoColourTests {
    /// The five characters' saturated dresses, drawn once as the reference.
    private func reference(width: Int, height: Int) throws -> (snapshot: SceneSnapshot, rgb: [UInt8]) {
        let snapshot = SnapshotFixtures.lineUp(width: width, height: height)
        return (snapshot, SaturatedColours.rgb(try FrameRenderer().render(snapshot)))
    }

    /// Writes three identical frames of `snapshot` as a video.
    private func writeVideo(_ snapshot: SceneSnapshot, format: VideoFormat, to path: String) throws {
        let sink = try FFmpegVideoSink(path: path, format: format, width: snapshot.width, height: snapshot.height,
                                       framesPerSecond: 30)
        let renderer = FrameRenderer()
        for index in 0..<3 { try sink.consume(try renderer.render(snapshot), index: index) }
        _ = try sink.finish()
    }

    /// The first frame decoded to RGB, with `filter` choosing how YUV is read.
    private func decode(_ path: String, filter: String?) throws -> [UInt8] {
        [UInt8](try MediaProbe.output(of: "ffmpeg", ["-v", "error", "-i", path, "-frames:v", "1"]
            + (filter.map { ["-vf", $0] } ?? []) + ["-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
    }

    @Test(arguments: [(VideoFormat.mp4, 1280, 720), (.mp4, 640, 360), (.webm, 1280, 720), (.mp4, 642, 362)])
    func colourTagsAndColoursSurviveAnyDecoder(format: VideoFormat, width: Int, height: Int) throws {
        let folder = try makeTemporaryFolder("colour-\(format)-\(width)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (snapshot, rgb) = try reference(width: width, height: height)
        let path = folder + "/clip." + format.rawValue
        try writeVideo(snapshot, format: format, to: path)

        let tags = try MediaProbe.probe(path, entries: "stream=color_space,color_primaries,color_transfer,color_range")
        #expect(tags["color_space"] == "bt709")
        #expect(tags["color_primaries"] == "bt709")
        #expect(tags["color_transfer"] == "bt709")
        #expect(tags["color_range"] == "tv")

        // As the file says (ffmpeg reads the tags), and as an HD player assumes.
        for filter in [nil, "scale=in_color_matrix=bt709:in_range=tv"] {
            let decoded = try decode(path, filter: filter)
            try #require(decoded.count == rgb.count)
            let (error, pixels) = SaturatedColours.meanError(decoded, rgb, width: width, height: height)
            #expect(pixels > width * height / 50, "the line-up has saturated dresses to measure")
            #expect(error <= 3, "mean error \(error) levels on \(pixels) saturated pixels, decoded with \(filter ?? "the file's tags")")
        }
        // The measure can fail: read as BT.601, the same file is far off.
        let wrong = SaturatedColours.meanError(try decode(path, filter: "scale=in_color_matrix=bt601:in_range=tv"), rgb,
                                               width: width, height: height)
        #expect(wrong.error > 5, "BT.601 read gives \(wrong.error)")
    }
}
