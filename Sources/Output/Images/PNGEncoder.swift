import CDeflate
import CISAL
#if arch(x86_64)
import PNGFilterAVX2
#endif
import Drawing

/// Encodes frames as PNG files faster than Cairo's writer, with the same pixels once decoded:
/// premultiplied colour is turned back into straight colour exactly as Cairo does it, opaque
/// frames are stored as RGB (there is no alpha to keep) under the "Up" filter, and the deflate
/// stream is made in one call over the whole frame by ISA-L (level 1), or by libdeflate for
/// `.small` files. ISA-L picks its code for the processor it runs on, so the files' bytes
/// may differ between machines; their pixels never do.
/// One encoder keeps its buffers between frames; use one per thread.
public final class PNGEncoder {
    /// How hard the compressor works: `.fast` (the default) or `.small` (libdeflate's level 6, like Cairo).
    public enum Effort: Sendable {
        /// Several times faster than Cairo's writer.
        case fast
        /// Level 6: smaller files, about as slow as Cairo's writer.
        case small
    }

    /// Which library makes a `.fast` file's deflate stream.
    public enum Compressor: String, Sendable, CaseIterable {
        /// Intel's ISA-L at level 1 (Debian's libisal2): the default, about 2.5 times as fast as
        /// libdeflate on a 720p frame for files about 7 % larger.
        case isal
        /// libdeflate at level 1 (Debian's libdeflate0): the encoder before ISA-L, kept as the
        /// benchmark's side-by-side reference (`aria-bench png`).
        case libdeflate
    }

    private let effort: Effort
    private let compressor: Compressor
    private var filtered: [UInt8] = []
    private var output: [UInt8] = []
    private var deflater: OpaquePointer?
    private var isalLevelBuffer: [UInt8] = []

    /// An encoder with reusable buffers.
    public init(effort: Effort = .fast, compressor: Compressor = .isal) {
        self.effort = effort
        self.compressor = compressor
    }

    deinit { if let deflater { libdeflate_free_compressor(deflater) } }

    /// A frame's rows as the PNG stores them before compression: `filter`'s result.
    public struct FilteredRows: Sendable {
        public let width: Int
        public let height: Int
        /// Opaque frames are stored as RGB under "Up", the others as RGBA under "Sub".
        public let opaque: Bool
        /// The filtered bytes: a filter byte and the pixels' bytes per row.
        public var count: Int { (1 + width * (opaque ? 3 : 4)) * height }
    }

    /// The bytes `filter` may write for a frame of this size (an opaque row's stores reach up
    /// to eight bytes past it).
    public static func filteredCapacity(width: Int, height: Int) -> Int { (1 + width * 4) * height + 8 }

    /// Filters `pixels` into `out` (`filteredCapacity` bytes): what `encode(_:from:)` compresses.
    /// Kept apart from compressing so that a sink can filter on the thread that drew the frame,
    /// while it is still in that core's cache, instead of copying it for another thread.
    public static func filter(_ pixels: FramePixels, into out: UnsafeMutablePointer<UInt8>) -> FilteredRows {
        let rowBytes = 1 + pixels.width * 3
        var row = 0
        // A band at a time, so that a translucent frame is found before much work is thrown away.
        while row < pixels.height {
            let end = min(row + 16, pixels.height)
            let all = filterOpaqueRowsUp(pixels, rows: row..<end, into: out + row * rowBytes)
            guard all >> 24 == 0xFF else {
                filterTranslucentRowsSub(pixels, into: out)
                return FilteredRows(width: pixels.width, height: pixels.height, opaque: false)
            }
            row = end
        }
        return FilteredRows(width: pixels.width, height: pixels.height, opaque: true)
    }

    /// The complete PNG file for `pixels`.
    public func encode(_ pixels: FramePixels) throws -> [UInt8] {
        let capacity = Self.filteredCapacity(width: pixels.width, height: pixels.height)
        if filtered.count < capacity { filtered = [UInt8](repeating: 0, count: capacity) }
        return try filtered.withUnsafeMutableBufferPointer { buffer in
            try encode(Self.filter(pixels, into: buffer.baseAddress!), from: UnsafePointer(buffer.baseAddress!))
        }
    }

    /// The complete PNG file for rows `filter` wrote at `bytes`.
    public func encode(_ rows: FilteredRows, from bytes: UnsafePointer<UInt8>) throws -> [UInt8] {
        let compressed = try effort == .fast && compressor == .isal ? deflateWithISAL(bytes, count: rows.count)
            : deflateWithLibdeflate(bytes, count: rows.count)
        let opaque = rows.opaque

        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file.reserveCapacity(compressed.count + 64)
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(rows.width))
        header.appendBigEndian(UInt32(rows.height))
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

    /// Converts each row to straight RGBA bytes and applies the "Sub" filter, which turns
    /// the smooth gradients and flat areas of a frame into runs of small numbers.
    static func filterTranslucentRowsSub(_ pixels: FramePixels, into out: UnsafeMutablePointer<UInt8>) {
        let rowBytes = 1 + pixels.width * 4
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
                pr = r; pg = g; pb = b; pa = a
                o += 4
            }
        }
    }

    /// An opaque frame's `rows` as straight RGB bytes under the "Up" filter (the frame's first
    /// row unfiltered), written from `out` on; returns the bitwise AND of their pixels (its top
    /// byte is 0xFF when every one is opaque). A frame's flat areas and vertical edges become
    /// zeros, which compress faster and smaller than under "Sub" (libdeflate: 9.4 against 10.0
    /// ms a 720p frame, 453 against 536 KiB). Opaque, so the bytes need no unpremultiplying.
    /// Stores reach up to eight bytes past the rows (eight pixels as 32 bytes with AVX2 when
    /// `wide`, else each pixel as four), each overwritten by the next store.
    static func filterOpaqueRowsUp(_ pixels: FramePixels, rows: Range<Int>, into out: UnsafeMutablePointer<UInt8>,
                                   wide: Bool = Processor.hasAVX2) -> UInt32 {
        let rowBytes = 1 + pixels.width * 3
        let raw = UnsafeMutableRawPointer(out)
        let vectorPixels = wide ? pixels.width / 8 * 8 : 0
        var all: UInt32 = 0xFFFF_FFFF
        for y in rows {
            let src = pixels.base.advanced(by: y * pixels.stride)
            let above = y == 0 ? nil : pixels.base.advanced(by: (y - 1) * pixels.stride)
            var o = (y - rows.lowerBound) * rowBytes
            out[o] = y == 0 ? 0 : 2  // None, then Up
            o += 1
            #if arch(x86_64)
            if vectorPixels > 0 {
                all &= PNGUpFilterAVX2.filter(row: src, above: above, pixels: vectorPixels, into: raw + o)
                o += vectorPixels * 3
            }
            #endif
            for x in vectorPixels..<pixels.width {
                let p = src.load(fromByteOffset: x * 4, as: UInt32.self)
                let q = above?.load(fromByteOffset: x * 4, as: UInt32.self) ?? 0
                all &= p
                // Each byte of p minus the same byte of q, modulo 256, with no borrow between
                // bytes: the high bits are set before and put right after.
                let difference = ((p | 0x8080_8080) &- (q & 0x7F7F_7F7F)) ^ ((p ^ ~q) & 0x8080_8080)
                // 0xAARRGGBB byte-swapped and shifted is R, G, B, 0 in memory.
                raw.storeBytes(of: (difference.byteSwapped >> 8).littleEndian, toByteOffset: o, as: UInt32.self)
                o += 3
            }
        }
        return all
    }

    /// Room for the zlib stream of `count` bytes however little they compress: ISA-L then
    /// stores them (5 bytes a block of at most 64 KiB, the header and the trailer); a thousandth
    /// more, in case it ends its blocks sooner.
    private static func storedBound(_ count: Int) -> Int { count + count / 1024 + 1024 }

    /// The zlib stream of `count` filtered bytes, made by libdeflate in one call.
    private func deflateWithLibdeflate(_ input: UnsafePointer<UInt8>, count: Int) throws -> ArraySlice<UInt8> {
        if deflater == nil { deflater = libdeflate_alloc_compressor(effort == .fast ? 1 : 6) }
        guard let deflater else { throw OutputError.toolFailed("libdeflate could not start compressing") }
        let bound = libdeflate_zlib_compress_bound(deflater, count)
        if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
        let produced = output.withUnsafeMutableBufferPointer { out in
            libdeflate_zlib_compress(deflater, input, count, out.baseAddress, bound)
        }
        guard produced > 0 else { throw OutputError.toolFailed("libdeflate could not compress a frame") }
        return output[0..<produced]
    }

    /// The zlib stream of `count` filtered bytes, made by ISA-L (level 1) in one call.
    private func deflateWithISAL(_ input: UnsafePointer<UInt8>, count: Int) throws -> ArraySlice<UInt8> {
        let bound = Self.storedBound(count), levelBufferSize = Int(isal_level1_buffer_size)
        if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
        if isalLevelBuffer.count < levelBufferSize { isalLevelBuffer = [UInt8](repeating: 0, count: levelBufferSize) }
        let produced: Int = output.withUnsafeMutableBufferPointer { out in
            isalLevelBuffer.withUnsafeMutableBufferPointer { level in
                var stream = isal_zstream()
                isal_deflate_init(&stream)
                stream.level = 1
                stream.level_buf = level.baseAddress
                stream.level_buf_size = UInt32(levelBufferSize)
                stream.gzip_flag = UInt16(IGZIP_ZLIB)
                stream.flush = UInt16(NO_FLUSH)
                stream.end_of_stream = 1
                stream.next_in = UnsafeMutablePointer(mutating: input)
                stream.avail_in = UInt32(count)
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(bound)
                let status = isal_deflate(&stream)
                return status == COMP_OK && stream.internal_state.state == ZSTATE_END ? Int(stream.total_out) : -1
            }
        }
        guard produced > 0 else { throw OutputError.toolFailed("ISA-L could not compress a frame") }
        return output[0..<produced]
    }

    private static func appendChunk(_ type: String, _ data: ArraySlice<UInt8>, to file: inout [UInt8]) {
        file.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        file += typeBytes
        file += data
        var crc = libdeflate_crc32(0, typeBytes, typeBytes.count)
        if !data.isEmpty { data.withUnsafeBufferPointer { crc = libdeflate_crc32(crc, $0.baseAddress, $0.count) } }
        file.appendBigEndian(UInt32(crc))
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24)); append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF)); append(UInt8(value & 0xFF))
    }
}
