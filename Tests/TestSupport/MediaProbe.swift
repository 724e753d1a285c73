import Foundation

/// How the tests look at what ffmpeg wrote: ffprobe's answers and ffmpeg's decoding, each
/// run through `Subprocess`.
public enum MediaProbe {
    /// ffprobe's answer about one stream of a media file (`entries` as ffprobe's
    /// -show_entries takes them), as key=value pairs.
    public static func probe(_ path: String, stream: String = "v:0", entries: String) throws -> [String: String] {
        let text = try output(of: "ffprobe", ["-v", "error", "-select_streams", stream, "-count_frames",
                                              "-show_entries", entries, "-of", "default=noprint_wrappers=1", path])
        var result: [String: String] = [:]
        for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
        }
        return result
    }

    /// What `program` (ffmpeg or ffprobe) writes on standard output for `arguments`; an error
    /// with its standard error when it fails or takes more than `timeout` seconds.
    public static func output(of program: String, _ arguments: [String], timeout: Double = 120) throws -> Data {
        let result = try Subprocess.run(program, arguments, timeout: timeout)
        guard result.status == 0, !result.timedOut else {
            throw FixtureError("\(program) \(arguments.joined(separator: " ")) failed (exit \(result.status)"
                               + "\(result.timedOut ? ", timed out" : "")): \(result.standardError)")
        }
        return result.standardOutputData
    }
}

