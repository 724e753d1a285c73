import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A golden soundtrack on disk: FLAC, lossless (the samples come back bit for bit) and about
/// a fifth of a WAV's size for the scenes' mostly quiet soundtracks, and playable in a browser.
/// ffmpeg encodes and decodes it, as it does the videos; encoding is bit-exact (no version
/// string in the file), so the same samples give the same bytes with the same ffmpeg.
public enum FLACSoundFile {

    /// Writes 16-bit little-endian interleaved `pcm` at `sampleRate` as FLAC at `path`, never
    /// half-written. Throws `OutputError`.
    public static func write(pcm: [UInt8], sampleRate: Int, channels: Int, to path: String,
                             searchPath: String? = nil) throws {
        let ffmpeg = try locate(searchPath)
        let temporary = StagedFile.temporaryName(for: path, tag: "-sound") + ".flac"
        let process = try ChildProcess(executable: ffmpeg, arguments: [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
            "-f", "s16le", "-ar", String(sampleRate), "-ac", String(channels), "-i", "pipe:0",
            "-c:a", "flac", "-compression_level", "12", "-fflags", "+bitexact", "-flags:a", "+bitexact", temporary,
        ])
        let written = pcm.withUnsafeBytes { process.write($0.baseAddress!, count: $0.count) }
        let status = process.finish()
        guard written, status == 0 else {
            unlink(temporary)
            throw OutputError.toolFailed("ffmpeg could not write \(path): \(process.lastErrorLine.isEmpty ? "exit status \(status)" : process.lastErrorLine)")
        }
        try StagedFile.commit(temporary, to: path)
    }

    /// The samples of the FLAC (or any sound ffmpeg reads) at `path` as 16-bit little-endian
    /// interleaved PCM at `sampleRate` with `channels`. Throws `OutputError`.
    public static func readPCM(_ path: String, sampleRate: Int = 48_000, channels: Int = 2,
                               searchPath: String? = nil) throws -> [UInt8] {
        let ffmpeg = try locate(searchPath)
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("aria-sound-\(getpid())-\(UUID().uuidString).raw").path
        defer { unlink(temporary) }
        let process = try ChildProcess(executable: ffmpeg, arguments: [
            "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-i", path,
            "-f", "s16le", "-acodec", "pcm_s16le", "-ar", String(sampleRate), "-ac", String(channels), temporary,
        ])
        let status = process.finish()
        guard status == 0, let data = FileManager.default.contents(atPath: temporary) else {
            throw OutputError.toolFailed("ffmpeg could not read \(path): \(process.lastErrorLine.isEmpty ? "exit status \(status)" : process.lastErrorLine)")
        }
        return [UInt8](data)
    }

    /// Throws `OutputError` unless ffmpeg works at all: a hundredth of a second of silence is
    /// written as FLAC and read back. When reading a golden fails, this tells a broken ffmpeg
    /// (the system's failure) from a broken golden file.
    public static func verifyTool(searchPath: String? = nil) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("aria-silence-\(getpid())-\(UUID().uuidString).flac").path
        defer { unlink(path) }
        let silence = [UInt8](repeating: 0, count: 480 * 4)
        try write(pcm: silence, sampleRate: 48_000, channels: 2, to: path, searchPath: searchPath)
        guard try readPCM(path, searchPath: searchPath) == silence else {
            throw OutputError.toolFailed("ffmpeg does not give back the samples it wrote as FLAC")
        }
    }

    private static func locate(_ searchPath: String?) throws -> String {
        guard let ffmpeg = ChildProcess.locate("ffmpeg", searchPath: searchPath) else {
            throw OutputError.toolMissing("ffmpeg not found on PATH; install it (Debian: apt-get install ffmpeg)")
        }
        return ffmpeg
    }
}

