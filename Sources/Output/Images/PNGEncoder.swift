import CDeflate
import CZlib
import Drawing

/// Encodes frames as PNG files faster than Cairo's writer, with the same pixels once decoded:
/// premultiplied colour is turned back into straight colour exactly as Cairo does it, opaque
/// frames are stored as RGB (there is no alpha to keep) under the "Up" filter, and the deflate
/// stream is made by libdeflate, which compresses a whole buffer at once faster than zlib's
/// streaming.
/// One encoder keeps its buffers between frames; use one per thread.
public final class PNGEncoder {
    /// How hard the compressor works: `.fast` (level 1, the default) or `.small` (level 6, like Cairo).
    public enum Effort: Sendable {
        /// Level 1: several times faster than Cairo's writer.
        case fast
        /// Level 6: smaller files, about as slow as Cairo's writer.
        case small
    }

    /// Which library makes the deflate stream.
    public enum Compressor: String, Sendable, CaseIterable {
        /// libdeflate (Debian's libdeflate0): the default.
        case libdeflate
        /// zlib with run-length matching at level 1, every row under the "Sub" filter: the
        /// encoder as it was before libdeflate, kept as the benchmark's side-by-side reference
        /// (`aria-bench png`).
        case zlib
    }

    private let effort: Effort
    private let compressor: Compressor
    private var filtered: [UInt8] = []
    private var output: [UInt8] = []
    private var deflater: OpaquePointer?

    /// An encoder with reusable buffers.
    public init(effort: Effort = .fast, compressor: Compressor = .libdeflate) {
        self.effort = effort
        self.compressor = compressor
    }

    deinit { if let deflater { libdeflate_free_compressor(deflater) } }

    /// The complete PNG file for `pixels`.
    public func encode(_ pixels: FramePixels) throws -> [UInt8] {
        let opaque = Self.isOpaque(pixels)
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + pixels.width * channels
        let filteredCount = rowBytes * pixels.height
        if filtered.count < filteredCount { filtered = [UInt8](repeating: 0, count: filteredCount) }
        filtered.withUnsafeMutableBufferPointer { out in
            if opaque && compressor == .libdeflate {
                Self.filterOpaqueRowsUp(pixels, into: out.baseAddress!)
            } else {
                Self.filterRows(pixels, opaque: opaque, into: out.baseAddress!)
            }
        }
        let compressed = try compressor == .zlib ? deflate(count: filteredCount) : deflateWhole(count: filteredCount)

        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file.reserveCapacity(compressed.count + 64)
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(pixels.width))
        header.appendBigEndian(UInt32(pixels.height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]  // 8 bits, RGB or RGBA, deflate, adaptive filters, no interlace
        Self.appendChunk("IHDR", header[...], to: &file)
        // IDAT chunks of at most 1 MiB, as common decoders prefer.
        var start = 0
        repeat {
            let end = min(start + (1 << 20), compressed.count)
            Self.appendChunk("IDAT", compressed[start..<end], to: &file)
            start = end
        } while start < compressed.count
        Self.appendChunk("IEND", [][...], to: &file)
        return file
    }

    /// Whether every pixel is fully opaque (then the alpha channel carries nothing).
    static func isOpaque(_ pixels: FramePixels) -> Bool {
        for y in 0..<pixels.height {
            let row = pixels.base.advanced(by: y * pixels.stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<pixels.width { all &= row[x] }
            if all & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }

    /// Converts each row to straight RGB(A) bytes and applies the "Sub" filter, which turns
    /// the smooth gradients and flat areas of a frame into runs of small numbers.
    static func filterRows(_ pixels: FramePixels, opaque: Bool, into out: UnsafeMutablePointer<UInt8>) {
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + pixels.width * channels
        for y in 0..<pixels.height {
            let src = pixels.base.advanced(by: y * pixels.stride).assumingMemoryBound(to: UInt32.self)
            let dst = out + y * rowBytes
            dst[0] = 1  // Sub
            var pr: UInt8 = 0, pg: UInt8 = 0, pb: UInt8 = 0, pa: UInt8 = 0
            var o = 1
            for x in 0..<pixels.width {
                let p = src[x]
                var r = UInt8(truncatingIfNeeded: p >> 16), g = UInt8(truncatingIfNeeded: p >> 8)
                var b = UInt8(truncatingIfNeeded: p)
                if opaque {
                    dst[o] = r &- pr; dst[o + 1] = g &- pg; dst[o + 2] = b &- pb
                    o += 3
                } else {
                    let a = UInt8(truncatingIfNeeded: p >> 24)
                    if a == 0 {
                        r = 0; g = 0; b = 0
                    } else if a != 255 {
                        // Cairo's rounding when it un-premultiplies.
                        let alpha = UInt32(a)
                        r = UInt8((UInt32(r) * 255 + alpha / 2) / alpha)
                        g = UInt8((UInt32(g) * 255 + alpha / 2) / alpha)
                        b = UInt8((UInt32(b) * 255 + alpha / 2) / alpha)
                    }
                    dst[o] = r &- pr; dst[o + 1] = g &- pg; dst[o + 2] = b &- pb; dst[o + 3] = a &- pa
                    pa = a
                    o += 4
                }
                pr = r; pg = g; pb = b
            }
        }
    }

    /// An opaque frame's rows as straight RGB bytes under the "Up" filter (the first row
    /// unfiltered): a frame's flat areas and vertical edges become zeros, which libdeflate
    /// compresses faster and smaller than "Sub" (measured by `aria-bench png`: 9.4 against
    /// 10.0 ms a 720p frame, 453 against 536 KiB). Opaque, so the bytes need no unpremultiplying.
    static func filterOpaqueRowsUp(_ pixels: FramePixels, into out: UnsafeMutablePointer<UInt8>) {
        let rowBytes = 1 + pixels.width * 3
        for y in 0..<pixels.height {
            let src = pixels.base.advanced(by: y * pixels.stride).assumingMemoryBound(to: UInt32.self)
            let dst = out + y * rowBytes
            dst[0] = y == 0 ? 0 : 2  // None, then Up
            let above = y == 0 ? nil : pixels.base.advanced(by: (y - 1) * pixels.stride).assumingMemoryBound(to: UInt32.self)
            var o = 1
            for x in 0..<pixels.width {
                let p = src[x], q = above?[x] ?? 0
                dst[o] = UInt8(truncatingIfNeeded: p >> 16) &- UInt8(truncatingIfNeeded: q >> 16)
                dst[o + 1] = UInt8(truncatingIfNeeded: p >> 8) &- UInt8(truncatingIfNeeded: q >> 8)
                dst[o + 2] = UInt8(truncatingIfNeeded: p) &- UInt8(truncatingIfNeeded: q)
                o += 3
            }
        }
    }

    /// The zlib stream of the first `count` filtered bytes, made by libdeflate in one call.
    private func deflateWhole(count: Int) throws -> ArraySlice<UInt8> {
        if deflater == nil { deflater = libdeflate_alloc_compressor(effort == .fast ? 1 : 6) }
        guard let deflater else { throw OutputError.toolFailed("libdeflate could not start compressing") }
        let bound = libdeflate_zlib_compress_bound(deflater, count)
        if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
        let produced = filtered.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                libdeflate_zlib_compress(deflater, input.baseAddress, count, out.baseAddress, bound)
            }
        }
        guard produced > 0 else { throw OutputError.toolFailed("libdeflate could not compress a frame") }
        return output[0..<produced]
    }

    private func deflate(count: Int) throws -> ArraySlice<UInt8> {
        var stream = z_stream()
        let level: Int32 = effort == .fast ? 1 : 6
        let strategy = effort == .fast ? Z_RLE : Z_DEFAULT_STRATEGY
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15, 8, strategy, ZLIB_VERSION,
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw OutputError.toolFailed("zlib could not start compressing")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(count)))
        if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
        let produced: Int = filtered.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(bound)
                let status = CZlib.deflate(&stream, Z_FINISH)
                return status == Z_STREAM_END ? Int(stream.total_out) : -1
            }
        }
        guard produced >= 0 else { throw OutputError.toolFailed("zlib could not compress a frame") }
        return output[0..<produced]
    }

    private static func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to file: inout [UInt8]) {
        file.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        file += typeBytes
        file += data
        var crc = crc32(0, typeBytes, uInt(typeBytes.count))
        // zlib treats a null buffer as a request for the initial value, so skip empty data.
        if !data.isEmpty { data.withUnsafeBufferPointer { crc = crc32(crc, $0.baseAddress, uInt($0.count)) } }
        file.appendBigEndian(UInt32(crc))
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24)); append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF)); append(UInt8(value & 0xFF))
    }
}
