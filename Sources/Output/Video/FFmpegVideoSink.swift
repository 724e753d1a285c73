import Audio
import Drawing
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A video file made by one ffmpeg process fed raw frames on its standard input, with an
/// optional sound track muxed in: a WAV file, or a `SoundtrackStream` streamed into ffmpeg's
/// second input as it encodes (so a long render writes no sound to disk first). Frames for yuv420p outputs (MP4, WebM at
/// even sizes) are converted here, the rest go as BGRA; a thread of their own writes them,
/// so the next frame is drawn meanwhile. ffmpeg writes to a hidden temporary name; only a
/// complete file is renamed to the output.
public final class FFmpegVideoSink: FrameSink {
    private let path: String
    private let temporary: String
    private let width: Int
    private let height: Int
    private let process: ChildProcess
    private let writer: FramePipeWriter
    private let soundWriter: SoundtrackPipeWriter?
    private var finished = false

    /// How many frames may wait for the pipe: about 64 MB of them, from 5 (4K) to 48 (720p)
    /// and at most 64. ffmpeg takes a tenth of a second to start and x264 takes frames in
    /// bursts; a deep queue lets the drawing run ahead meanwhile instead of waiting, and catch
    /// up on its slow frames (new princesses) while x264 drains it.
    static func queuedFrames(frameBytes: Int) -> Int { min(max((64 << 20) / max(frameBytes, 1), 3), 64) }

    /// Starts ffmpeg for a `width`×`height` video at `framesPerSecond` in `format`, muxing
    /// `audio` (a WAV path) when given and the format carries sound. A GIF is dithered to
    /// `palette` (a PNG made by `GIFPalette`) when given, so ffmpeg streams its frames; without
    /// one, ffmpeg makes the palette itself and holds the whole clip until the end. ffmpeg is
    /// looked for on `searchPath` (default: this process's `PATH`).
    public convenience init(path: String, format: VideoFormat, width: Int, height: Int, framesPerSecond: Int,
                            audio: String? = nil, soundtrack: SoundtrackStream? = nil, palette: String? = nil,
                            searchPath: String? = nil) throws {
        if let audio, access(audio, R_OK) != 0 {
            throw OutputError.unwritable("cannot read the sound file \(audio)")
        }
        if let palette, access(palette, R_OK) != 0 {
            throw OutputError.unwritable("cannot read the GIF palette \(palette)")
        }
        let withSound = (audio != nil || soundtrack != nil) && format.carriesSound
        let withPalette = palette != nil && format == .gif
        let oddSize = width % 2 == 1 || height % 2 == 1
        var inputs: [String] = []
        let streamed = withSound && audio == nil ? soundtrack : nil
        if withSound, let audio { inputs += ["-i", audio] }
        if let streamed {
            inputs += ["-f", "s16le", "-ar", "\(streamed.sampleRate)", "-ac", "\(streamed.channels)", "-i", "pipe:3"]
        }
        if withPalette, let palette { inputs += ["-i", palette] }
        try self.init(path: path, width: width, height: height, framesPerSecond: framesPerSecond,
                      yuv420p: format.encodesYUV420P && !oddSize, inputs: inputs,
                      encoderArguments: format.encoderArguments(hasAudio: withSound, oddSize: oddSize, hasPalette: withPalette),
                      soundtrack: streamed, searchPath: searchPath)
    }

    /// Starts ffmpeg reading raw frames (yuv420p when `yuv420p`, else BGRA) on its standard
    /// input, then `inputs`, writing with `encoderArguments` to a temporary name beside `path`.
    init(path: String, width: Int, height: Int, framesPerSecond: Int, yuv420p: Bool,
         inputs: [String], encoderArguments: [String], soundtrack: SoundtrackStream? = nil, searchPath: String?) throws {
        guard let ffmpeg = ChildProcess.locate("ffmpeg", searchPath: searchPath) else {
            throw OutputError.toolMissing("ffmpeg not found on PATH; install it (Debian: apt-get install ffmpeg)")
        }
        try StagedFile.prepareFolder(StagedFile.folder(of: path))
        self.path = path
        self.width = width
        self.height = height
        temporary = StagedFile.temporaryName(for: path)
        // A broken pipe must be an error to report, not a signal that ends this process.
        signal(SIGPIPE, SIG_IGN)

        func buffer() -> any RawVideoFrame {
            yuv420p ? YUV420PBuffer(width: width, height: height) : BGRAFrameBuffer(width: width, height: height)
        }
        let first = buffer()
        let buffers = [first] + (1..<Self.queuedFrames(frameBytes: first.bytes.count)).map { _ in buffer() }
        var arguments = ["-hide_banner", "-loglevel", "error", "-y",
                         "-f", "rawvideo", "-pix_fmt", type(of: buffers[0]).pixelFormat, "-s", "\(width)x\(height)",
                         "-r", "\(framesPerSecond)", "-i", "-"]
        arguments += inputs
        arguments += encoderArguments
        arguments.append(temporary)
        process = try ChildProcess(executable: ffmpeg, arguments: arguments, secondInput: soundtrack != nil)
        writer = FramePipeWriter(process: process, buffers: buffers)
        if let soundtrack, let descriptor = process.extraInput {
            soundWriter = SoundtrackPipeWriter(stream: soundtrack, descriptor: descriptor)
        } else {
            soundWriter = nil
        }
    }

    deinit {
        if !finished { cancel() }
    }

    public func consume(_ frame: FramePixels, index: Int) throws {
        guard frame.width == width, frame.height == height else {
            throw RenderError.badCanvas(width: frame.width, height: frame.height)
        }
        guard let buffer = writer.emptyBuffer() else {
            // ffmpeg stopped reading: it has failed; its own words say why.
            throw abandon()
        }
        buffer.fill(from: frame)
        writer.submit(buffer)
    }

    public func finish() throws -> [String] {
        guard !finished else { return [] }
        guard writer.close() else { throw abandon() }
        finished = true
        let status = process.finish()
        soundWriter?.join()
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
        // Stop ffmpeg first, so that a write it was blocking fails and the writer can end;
        // only then is its pipe closed.
        process.interrupt()
        _ = writer.close()
        _ = process.finish()
        soundWriter?.join()
        unlink(temporary)
    }

    /// Stops after a failed write: waits for ffmpeg's exit and its reason, removes the file.
    private func abandon() -> OutputError {
        _ = writer.close()
        let status = process.finish()
        soundWriter?.join()
        finished = true
        unlink(temporary)
        return failure(status: status)
    }

    private func failure(status: Int32) -> OutputError {
        let line = process.lastErrorLine
        return .toolFailed("ffmpeg failed (exit \(status))" + (line.isEmpty ? "" : ": \(line)"))
    }
}
