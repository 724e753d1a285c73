#if canImport(Glibc)
import Glibc
#endif

/// Writes 16-bit PCM WAV as the samples arrive; the sizes in the header are filled in by
/// `finish()`, so a soundtrack of any length is streamed to disk, never held in memory.
public final class WAVWriter {
    /// Frames per second.
    public let sampleRate: Int
    /// Interleaved channels per frame.
    public let channels: Int
    /// The file being written.
    public let path: String
    private var file: UnsafeMutablePointer<FILE>?
    private var dataBytes: UInt64 = 0

    /// Creates (or truncates) `path` and writes a provisional header.
    public init(path: String, sampleRate: Int = 48_000, channels: Int = 2) throws {
        self.path = path
        self.sampleRate = sampleRate
        self.channels = channels
        guard let file = fopen(path, "wb") else {
            throw AudioFileError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        self.file = file
        try put(header(dataBytes: 0))
    }

    deinit { if let file { fclose(file) } }

    /// Appends interleaved samples in -1…1; values beyond are clipped, each rounded to 16 bits.
    public func write(_ samples: [Float]) throws {
        let bytes = SoundtrackStream.pcm16(samples)
        try put(bytes)
        dataBytes += UInt64(bytes.count)
    }

    /// Writes the final sizes and closes the file.
    public func finish() throws {
        guard let file else { return }
        defer { fclose(file); self.file = nil }
        guard fseek(file, 0, SEEK_SET) == 0 else {
            throw AudioFileError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        try put(header(dataBytes: dataBytes))
        guard fflush(file) == 0 else {
            throw AudioFileError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    private func put(_ bytes: [UInt8]) throws {
        guard let file else { throw AudioFileError.cannotWrite(path: path, reason: "already finished") }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, bytes.count, file) }
        guard written == bytes.count else {
            throw AudioFileError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    private func header(dataBytes: UInt64) -> [UInt8] {
        // RIFF sizes are 32-bit; beyond 4 GiB the header saturates (readers then use the file size).
        let data = UInt32(min(dataBytes, UInt64(UInt32.max - 36)))
        var bytes: [UInt8] = []
        func text(_ s: String) { bytes += Array(s.utf8) }
        func u32(_ v: UInt32) { bytes += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        func u16(_ v: UInt16) { bytes += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        text("RIFF"); u32(36 + data); text("WAVE")
        text("fmt "); u32(16); u16(1); u16(UInt16(channels)); u32(UInt32(sampleRate))
        u32(UInt32(sampleRate * channels * 2)); u16(UInt16(channels * 2)); u16(16)
        text("data"); u32(data)
        return bytes
    }
}
