import Drawing
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Frames written to a file exactly as `FFmpegVideoSink` hands them to ffmpeg (yuv420p at even
/// sizes), so a benchmark can time ffmpeg encoding the same frames alone.
public final class RawVideoFileSink: FrameSink {
    private let path: String
    private let buffer: any RawVideoFrame
    private let file: UnsafeMutablePointer<FILE>
    private var closed = false

    /// ffmpeg's `-pix_fmt` for what this sink writes.
    public var pixelFormat: String { type(of: buffer).pixelFormat }

    /// A sink writing `width`×`height` frames to `path`.
    public init(path: String, width: Int, height: Int) throws {
        guard let file = fopen(path, "wb") else { throw StagedFile.unwritable(path) }
        self.path = path
        self.file = file
        buffer = width % 2 == 0 && height % 2 == 0 ? YUV420PBuffer(width: width, height: height) : BGRAFrameBuffer(width: width, height: height)
    }

    public func consume(_ frame: FramePixels, index: Int) throws {
        buffer.fill(from: frame)
        let bytes = buffer.bytes
        guard fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count else { throw StagedFile.unwritable(path) }
    }

    public func finish() throws -> [String] {
        closed = true
        guard fclose(file) == 0 else { throw StagedFile.unwritable(path) }
        return [path]
    }

    public func cancel() {
        guard !closed else { return }
        closed = true
        fclose(file)
        unlink(path)
    }
}
