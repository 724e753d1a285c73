import Output
import PrincessGame
import Princess
import PrincessTestSupport
import TestSupport

/// The colour tests' clip: the five princesses in a line, whose saturated dresses are what a
/// wrong colour matrix shifts, drawn once as the reference and written as a short video.
enum LineUpClip {
    /// The line-up at `width`×`height` and its drawn RGB bytes.
    static func reference(width: Int, height: Int) throws -> (snapshot: SceneSnapshot, rgb: [UInt8]) {
        let snapshot = SnapshotFixtures.lineUp(width: width, height: height)
        return (snapshot, SaturatedColours.rgb(try FrameRenderer().render(snapshot)))
    }

    /// Writes three identical frames of `snapshot` as a video in `format`.
    static func write(_ snapshot: SceneSnapshot, format: VideoFormat, to path: String) throws {
        let sink = try FFmpegVideoSink(path: path, format: format, width: snapshot.width, height: snapshot.height,
                                       framesPerSecond: 30)
        let renderer = FrameRenderer()
        for index in 0..<3 { try sink.consume(try renderer.render(snapshot), index: index) }
        _ = try sink.finish()
    }

    /// The first frame of the video at `path` as ffmpeg decodes it to RGB, `filter` choosing
    /// how its YUV is read (nil: as the file's tags say).
    static func decodedByFFmpeg(_ path: String, filter: String? = nil) throws -> [UInt8] {
        [UInt8](try MediaProbe.output(of: "ffmpeg", ["-v", "error", "-i", path, "-frames:v", "1"]
            + (filter.map { ["-vf", $0] } ?? []) + ["-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
    }
}
