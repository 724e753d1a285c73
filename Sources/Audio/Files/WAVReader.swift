#if canImport(Glibc)
import Glibc
#endif

/// Reads PCM WAV (8, 16, 24 or 32-bit integer, or 32-bit float) block by block, as Float
/// samples in -1…1, so a long recording is never held in memory at once.
public final class WAVReader {
    /// Frames per second.
    public let sampleRate: Int
    /// Interleaved channels per frame.
    public let channels: Int
    /// The file being read.
    public let path: String
    private let bytesPerSample: Int
    private let isFloat: Bool
    private var remainingBytes: Int
    private var file: UnsafeMutablePointer<FILE>?

    /// Opens `path` and reads its header up to the start of the samples.
    public init(path: String) throws {
        self.path = path
        guard let file = fopen(path, "rb") else {
            throw AudioFileError.cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        self.file = file
        func bytes(_ count: Int) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: count)
            let got = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, file) }
            return got == count ? buffer : nil
        }
        func u32(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24 }
        func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }

        guard let riff = bytes(12), riff[0..<4].elementsEqual("RIFF".utf8), riff[8..<12].elementsEqual("WAVE".utf8) else {
            fclose(file)
            throw AudioFileError.unsupported(path: path, reason: "not a WAV file (no RIFF/WAVE header)")
        }
        var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
        while true {
            guard let chunk = bytes(8) else {
                fclose(file)
                throw AudioFileError.unsupported(path: path, reason: "WAV file has no data chunk")
            }
            let size = u32(chunk, 4)
            if chunk[0..<4].elementsEqual("fmt ".utf8) {
                guard size >= 16, size < 1024, let body = bytes(size + size % 2) else {
                    fclose(file)
                    throw AudioFileError.unsupported(path: path, reason: "WAV format chunk is damaged")
                }
                var tag = u16(body, 0)
                // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first bytes of its GUID.
                if tag == 0xFFFE && size >= 26 { tag = u16(body, 24) }
                format = (tag, u16(body, 2), u32(body, 4), u16(body, 14))
            } else if chunk[0..<4].elementsEqual("data".utf8) {
                guard let format else {
                    fclose(file)
                    throw AudioFileError.unsupported(path: path, reason: "WAV data comes before its format")
                }
                let supported = (format.tag == 1 && [8, 16, 24, 32].contains(format.bits)) || (format.tag == 3 && format.bits == 32)
                guard supported, format.channels > 0, format.rate > 0 else {
                    fclose(file)
                    throw AudioFileError.unsupported(path: path, reason: "only PCM or 32-bit float WAV is supported (format \(format.tag), \(format.bits) bits)")
                }
                channels = format.channels
                sampleRate = format.rate
                bytesPerSample = format.bits / 8
                isFloat = format.tag == 3
                // Streamed WAVs (espeak-ng, parecord) may leave the size at 0 or 0xFFFFFFFF: read to the end.
                remainingBytes = size == 0 || size >= 0x7FFF_FFFF ? Int.max : size
                return
            } else {
                guard fseek(file, size + size % 2, SEEK_CUR) == 0 else {
                    fclose(file)
                    throw AudioFileError.unsupported(path: path, reason: "WAV file is truncated")
                }
            }
        }
    }

    deinit { if let file { fclose(file) } }

    /// Up to `frames` more frames, interleaved; an empty array at the end of the file.
    public func read(frames: Int) -> [Float] {
        guard let file, frames > 0 else { return [] }
        let frameBytes = bytesPerSample * channels
        let wanted = min(frames * frameBytes, remainingBytes / frameBytes * frameBytes)
        var raw = [UInt8](repeating: 0, count: wanted)
        let got = raw.withUnsafeMutableBytes { fread($0.baseAddress, 1, wanted, file) } / frameBytes * frameBytes
        if remainingBytes != Int.max { remainingBytes -= got }
        return (0..<(got / bytesPerSample)).map { sample(raw, at: $0 * bytesPerSample) }
    }

    /// Up to `frames` more frames with their channels averaged to one, as a microphone hears
    /// a stereo recording; an empty array at the end of the file.
    public func readMono(frames: Int) -> [Float] {
        let interleaved = read(frames: frames)
        guard channels > 1 else { return interleaved }
        return stride(from: 0, to: interleaved.count - channels + 1, by: channels).map { start in
            var sum: Float = 0
            for channel in 0..<channels { sum += interleaved[start + channel] }
            return sum / Float(channels)
        }
    }

    /// Every remaining frame, interleaved.
    public func readAll() -> [Float] {
        var all: [Float] = []
        while true {
            let block = read(frames: 65_536)
            if block.isEmpty { return all }
            all += block
        }
    }

    private func sample(_ b: [UInt8], at i: Int) -> Float {
        switch bytesPerSample {
        case 1: return (Float(b[i]) - 128) / 128
        case 2: return Float(Int16(bitPattern: UInt16(b[i]) | UInt16(b[i + 1]) << 8)) / 32768
        case 3: return Float(Int32(bitPattern: UInt32(b[i]) << 8 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 24) >> 8) / 8_388_608
        default:
            let bits = UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
            return isFloat ? Float(bitPattern: bits) : Float(Int32(bitPattern: bits)) / 2_147_483_648
        }
    }
}
