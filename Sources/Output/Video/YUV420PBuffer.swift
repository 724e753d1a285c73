import Drawing

/// One frame as planar yuv420p (Y plane, then U, then V at half width and height), converted
/// from premultiplied BGRA with BT.709 limited-range coefficients, chroma averaged over each
/// 2×2 block. BT.709 at every size, and the file says so (`VideoFormat.colourTags`): browsers
/// and players assume BT.709 for HD and trust the tags, so the colours come out as drawn. Doing it here
/// takes the conversion off ffmpeg's single input thread and halves the bytes on the pipe.
/// Widths and heights must be even.
final class YUV420PBuffer: RawVideoFrame {
    static let pixelFormat = "yuv420p"
    let width: Int
    let height: Int
    private let planes: UnsafeMutableRawBufferPointer
    /// The three planes, back to back.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(planes) }

    /// A buffer for `width`×`height` frames (both even).
    init(width: Int, height: Int) {
        precondition(width % 2 == 0 && height % 2 == 0, "yuv420p needs an even size")
        self.width = width
        self.height = height
        planes = .allocate(byteCount: width * height * 3 / 2, alignment: 64)
    }

    deinit { planes.deallocate() }

    /// Converts `frame` (the same size) into this buffer with the widest kernel the processor runs.
    func fill(from frame: FramePixels) { fill(from: frame, kernels: .widest) }

    /// The conversion kernels a fill may use: the rest of each row goes one 2×2 block at a time.
    struct Kernels: OptionSet {
        let rawValue: Int
        /// Sixteen pixels at a time (AVX2), where the processor has it.
        static let sixteen = Kernels(rawValue: 1)
        /// Eight pixels at a time (SSE2 on x86-64).
        static let eight = Kernels(rawValue: 2)
        /// Every kernel the processor runs.
        static let widest: Kernels = [.sixteen, .eight]
    }

    /// Converts `frame` with `kernels`, widest first, the rest of each row one 2×2 block at a time.
    func fill(from frame: FramePixels, kernels: Kernels) {
        precondition(frame.width == width && frame.height == height)
        let base = planes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let yPlane = base, uPlane = base + width * height, vPlane = uPlane + width * height / 4
        let sixteens = kernels.contains(.sixteen) ? YUVRowPair.wideVectorWidth(width) : 0
        let eights = kernels.contains(.eight) ? max(YUVRowPair.vectorWidth(width), sixteens) : sixteens
        for pair in 0..<height / 2 {
            let rows = YUVRowPair(top: frame.base.advanced(by: 2 * pair * frame.stride),
                                  bottom: frame.base.advanced(by: (2 * pair + 1) * frame.stride),
                                  yTop: yPlane + 2 * pair * width, yBottom: yPlane + (2 * pair + 1) * width,
                                  u: uPlane + pair * width / 2, v: vPlane + pair * width / 2)
            if sixteens > 0 { rows.convertWide(pixels: sixteens) }
            if eights > sixteens { rows.convertVectorised(from: sixteens, to: eights) }
            rows.convertBlocks(from: eights, to: width)
        }
    }
}

/// Two rows of BGRA pixels and where their luma rows and their one row of chroma go.
struct YUVRowPair {
    let top: UnsafeRawPointer
    let bottom: UnsafeRawPointer
    let yTop: UnsafeMutablePointer<UInt8>
    let yBottom: UnsafeMutablePointer<UInt8>
    let u: UnsafeMutablePointer<UInt8>
    let v: UnsafeMutablePointer<UInt8>

    // Coefficients scaled by 2^15: Y = 16 + 219/255·(0.2126 R + 0.7152 G + 0.0722 B), and
    // U, V = 128 + 224/255·(colour differences over 1.8556 and 1.5748); each chroma row sums
    // to zero, so a grey has no colour. Each fits in 16 signed bits, as does a channel or a
    // sum of four, so SSE2's `pmaddwd` makes eight products at once.
    static let yR: Int32 = 5983, yG: Int32 = 20127, yB: Int32 = 2032
    static let uR: Int32 = -3298, uG: Int32 = -11094, uB: Int32 = 14392
    static let vR: Int32 = 14392, vG: Int32 = -13072, vB: Int32 = -1320
    /// 16 (black) plus a half for rounding, scaled like the coefficients.
    static let yOffset: Int32 = (16 << 15) + (1 << 14)
    /// 128 (no colour) plus a half, scaled like the coefficients times four pixels.
    static let chromaOffset: Int32 = (128 << 17) + (1 << 16)

    /// Converts pixels `start..<end` (both even) one 2×2 block at a time.
    func convertBlocks(from start: Int, to end: Int) {
        var x = start
        while x < end {
            var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0
            for (row, out) in [(top, yTop), (bottom, yBottom)] {
                for dx in 0..<2 {
                    let p = (row + 4 * (x + dx)).assumingMemoryBound(to: UInt8.self)
                    let pb = Int32(p[0]), pg = Int32(p[1]), pr = Int32(p[2])
                    out[x + dx] = UInt8(truncatingIfNeeded: (Self.yR * pr + Self.yG * pg + Self.yB * pb + Self.yOffset) >> 15)
                    r += pr
                    g += pg
                    b += pb
                }
            }
            u[x / 2] = UInt8(truncatingIfNeeded: (Self.uR * r + Self.uG * g + Self.uB * b + Self.chromaOffset) >> 17)
            v[x / 2] = UInt8(truncatingIfNeeded: (Self.vR * r + Self.vG * g + Self.vB * b + Self.chromaOffset) >> 17)
            x += 2
        }
    }
}

#if !arch(x86_64)
extension YUVRowPair {
    /// No vector kernel on this processor: every pixel goes through `convertBlocks`.
    static func vectorWidth(_ width: Int) -> Int { 0 }
    static func wideVectorWidth(_ width: Int) -> Int { 0 }
    func convertVectorised(from start: Int, to end: Int) {}
    func convertWide(pixels: Int) {}
}
#endif
