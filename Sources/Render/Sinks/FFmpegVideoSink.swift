import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A video file made by one ffmpeg process fed raw BGRA frames on its standard input, with an
/// optional WAV file muxed in as the sound track. ffmpeg writes to a hidden temporary name;
/// only a complete file is renamed to the output.
public final class FFmpegVideoSink: FrameSink {
    private let path: String
    private let temporary: String
    private let width: Int
    private let height: Int
    private let process: ChildProcess
    private var finished = false

    /// Starts ffmpeg for a `width`×`height` video at `framesPerSecond` in `format`, muxing
    /// `audio` (a WAV path) when given and the format carries sound. ffmpeg is looked for on
    /// `searchPath` (default: this process's `PATH`).
    public init(path: String, format: VideoFormat, width: Int, height: Int, framesPerSecond: Int,
                audio: String? = nil, searchPath: String? = nil) throws {
        guard let ffmpeg = ChildProcess.locate("ffmpeg", searchPath: searchPath) else {
            throw RenderError.toolMissing("ffmpeg not found on PATH; install it (Debian: apt-get install ffmpeg)")
        }
        if let audio, access(audio, R_OK) != 0 {
            throw RenderError.unwritable("cannot read the sound file \(audio)")
        }
        try StagedFile.prepareFolder(StagedFile.folder(of: path))
        self.path = path
        self.width = width
        self.height = height
        temporary = StagedFile.temporaryName(for: path)
        // A broken pipe must be an error to report, not a signal that ends this process.
        signal(SIGPIPE, SIG_IGN)

        let withSound = audio != nil && format.carriesSound
        var arguments = ["-hide_banner", "-loglevel", "error", "-y",
                         "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)",
                         "-r", "\(framesPerSecond)", "-i", "-"]
        if withSound, let audio { arguments += ["-i", audio] }
        arguments += format.encoderArguments(hasAudio: withSound, oddSize: width % 2 == 1 || height % 2 == 1)
        arguments.append(temporary)
        process = try ChildProcess(executable: ffmpeg, arguments: arguments)
    }

    deinit {
        if !finished { cancel() }
    }

    public func consume(_ frame: FramePixels, index: Int) throws {
        guard frame.width == width, frame.height == height else {
            throw RenderError.badCanvas(width: frame.width, height: frame.height)
        }
        let ok: Bool
        if frame.stride == width * 4 {
            ok = process.write(frame.base, count: frame.stride * height)
        } else {
            ok = (0..<height).allSatisfy { process.write(frame.base + $0 * frame.stride, count: width * 4) }
        }
        if !ok {
            // ffmpeg stopped reading: it has failed; its own words say why.
            let status = process.finish()
            finished = true
            unlink(temporary)
            throw failure(status: status)
        }
    }

    public func finish() throws -> [String] {
        guard !finished else { return [] }
        finished = true
        let status = process.finish()
        guard status == 0 else {
            unlink(temporary)
            throw failure(status: status)
        }
        try StagedFile.commit(temporary, to: path)
        return [path]
    }

    public func cancel() {
        guard !finished else { return }
        finished = true
        process.terminate()
        unlink(temporary)
    }

    private func failure(status: Int32) -> RenderError {
        let line = process.lastErrorLine
        return .toolFailed("ffmpeg failed (exit \(status))" + (line.isEmpty ? "" : ": \(line)"))
    }
}
