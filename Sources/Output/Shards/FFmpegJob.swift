import Audio
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One ffmpeg run that writes one file and reads nothing on its standard input (a soundtrack,
/// when given, comes on its file descriptor 3): written to a hidden name, renamed when whole.
enum FFmpegJob {
    /// Runs ffmpeg with `arguments` (its inputs and settings, not the output) writing `path`.
    static func run(_ arguments: [String], writing path: String, soundtrack: SoundtrackStream? = nil,
                    searchPath: String? = nil) throws {
        guard let ffmpeg = ChildProcess.locate("ffmpeg", searchPath: searchPath) else {
            throw OutputError.toolMissing("ffmpeg not found on PATH; install it (Debian: apt-get install ffmpeg)")
        }
        try StagedFile.prepareFolder(StagedFile.folder(of: path))
        signal(SIGPIPE, SIG_IGN)
        let temporary = StagedFile.temporaryName(for: path)
        let process = try ChildProcess(executable: ffmpeg, arguments: ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"]
                                       + arguments + [temporary], secondInput: soundtrack != nil)
        process.closeInput()
        var writer: SoundtrackPipeWriter?
        if let soundtrack, let descriptor = process.extraInput {
            writer = SoundtrackPipeWriter(stream: soundtrack, descriptor: descriptor)
        }
        let status = process.finish()
        writer?.join()
        guard status == 0 else {
            unlink(temporary)
            let line = process.lastErrorLine
            throw OutputError.toolFailed("ffmpeg failed (exit \(status))" + (line.isEmpty ? "" : ": \(line)"))
        }
        try StagedFile.commit(temporary, to: path)
    }
}
