import Foundation
import Output
import PrincessGame
import Princess
import Testing
import TestSupport

/// Videos look the same in a browser or player as the frames did: every video declares BT.709
/// (primaries, transfer, matrix, limited range) and is converted with that matrix, so a decoder
/// that honours the tags and one that assumes HD's BT.709 both give back the drawn colours.
@Suite struct VideoColourTests {
    @Test(arguments: [(VideoFormat.mp4, 1280, 720), (.mp4, 640, 360), (.webm, 1280, 720), (.mp4, 642, 362)])
    func colourTagsAndColoursSurviveAnyDecoder(format: VideoFormat, width: Int, height: Int) throws {
        let folder = try makeTemporaryFolder("colour-\(format)-\(width)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (snapshot, rgb) = try LineUpClip.reference(width: width, height: height)
        let path = folder + "/clip." + format.rawValue
        try LineUpClip.write(snapshot, format: format, to: path)

        let tags = try MediaProbe.probe(path, entries: "stream=color_space,color_primaries,color_transfer,color_range")
        #expect(tags["color_space"] == "bt709")
        #expect(tags["color_primaries"] == "bt709")
        #expect(tags["color_transfer"] == "bt709")
        #expect(tags["color_range"] == "tv")

        // As the file says (ffmpeg reads the tags), and as an HD player assumes.
        for filter in [nil, "scale=in_color_matrix=bt709:in_range=tv"] {
            let decoded = try LineUpClip.decodedByFFmpeg(path, filter: filter)
            try #require(decoded.count == rgb.count)
            let (error, pixels) = SaturatedColours.meanError(decoded, rgb, width: width, height: height)
            #expect(pixels > width * height / 50, "the line-up has saturated dresses to measure")
            #expect(error <= 3, "mean error \(error) levels on \(pixels) saturated pixels, decoded with \(filter ?? "the file's tags")")
        }
        // The measure can fail: read as BT.601, the same file is far off.
        let wrong = SaturatedColours.meanError(try LineUpClip.decodedByFFmpeg(path, filter: "scale=in_color_matrix=bt601:in_range=tv"), rgb,
                                               width: width, height: height)
        #expect(wrong.error > 5, "BT.601 read gives \(wrong.error)")
    }
}
