import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Joins video segments end to end without re-encoding (ffmpeg's concat demuxer, `-c copy`)
/// and muxes one sound file beside them, also copied: only the container is rewritten.
public enum SegmentJoiner {
    /// Writes `segments` (paths, in order, each with its exact duration in seconds) joined, with
    /// `sound` when given, to `path` in `format`.
    public static func join(segments: [(path: String, seconds: Double)], sound: String?, format: VideoFormat, to path: String,
                            searchPath: String? = nil) throws {
        try StagedFile.prepareFolder(StagedFile.folder(of: path))
        // The list sits beside the output; the demuxer reads absolute, quoted paths from it.
        let list = StagedFile.temporaryName(for: path, tag: "-concat.txt")
        defer { unlink(list) }
        let lines = segments.map { segment -> String in
            let absolute = segment.path.hasPrefix("/") ? segment.path : FileManager.default.currentDirectoryPath + "/" + segment.path
            // The exact duration: the demuxer would take the container's, rounded to milliseconds,
            // and shift every later segment's timestamps by the rounding.
            return "file '" + absolute.replacingOccurrences(of: "'", with: "'\\''") + "'\n"
                + String(format: "duration %.6f\n", segment.seconds)
        }
        guard FileManager.default.createFile(atPath: list, contents: Data(lines.joined().utf8)) else {
            throw StagedFile.unwritable(list)
        }
        var arguments = ["-f", "concat", "-safe", "0", "-i", list]
        if let sound { arguments += ["-i", sound, "-map", "0:v:0", "-map", "1:a:0", "-shortest"] }
        arguments += ["-c", "copy"]
        if format == .mp4 { arguments += ["-movflags", "+faststart"] }
        arguments += ["-f", format == .webm ? "webm" : "mp4"]
        try FFmpegJob.run(arguments, writing: path, searchPath: searchPath)
    }
}
