import Render

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

    // Coefficients scaled by 2^16: Y = 16 + 219/255·(0.2126 R + 0.7152 G + 0.0722 B), and
    // U, V = 128 + 224/255·(colour differences over 1.8556 and 1.5748); each chroma row sums
    // to zero, so a grey has no colour.
    private static let yR: Int32 = 11966, yG: Int32 = 40254, yB: Int32 = 4064
    private static let uR: Int32 = -6596, uG: Int32 = -22188, uB: Int32 = 28784
    private static let vR: Int32 = 28784, vG: Int32 = -26145, vB: Int32 = -2639

    /// Converts `frame` (the same size) into this buffer.
    func fill(from frame: FramePixels) {
        precondition(frame.width == width && frame.height == height)
        let base = planes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let yPlane = base, uPlane = base + width * height, vPlane = uPlane + width * height / 4
        let chromaWidth = width / 2
        // Eight pixels at a time, then what is left one pair at a time.
        let wide = width / 8 * 8
        for pair in 0..<height / 2 {
            let top = frame.base.advanced(by: 2 * pair * frame.stride)
            let bottom = top + frame.stride
            let yTop = yPlane + 2 * pair * width, yBottom = yTop + width
            let uRow = uPlane + pair * chromaWidth, vRow = vPlane + pair * chromaWidth
            var x = 0
            while x < wide {
                let (bt, gt, rt) = Self.channels(top + 4 * x)
                let (bb, gb, rb) = Self.channels(bottom + 4 * x)
                Self.store(Self.luma(rt, gt, bt), at: yTop + x)
                Self.store(Self.luma(rb, gb, bb), at: yBottom + x)
                // Each chroma sample sums a 2×2 block: neighbours, then the two rows.
                let r = rt.evenHalf &+ rt.oddHalf &+ rb.evenHalf &+ rb.oddHalf
                let g = gt.evenHalf &+ gt.oddHalf &+ gb.evenHalf &+ gb.oddHalf
                let b = bt.evenHalf &+ bt.oddHalf &+ bb.evenHalf &+ bb.oddHalf
                Self.store(Self.chroma(r, g, b, Self.uR, Self.uG, Self.uB), at: uRow + x / 2)
                Self.store(Self.chroma(r, g, b, Self.vR, Self.vG, Self.vB), at: vRow + x / 2)
                x += 8
            }
            while x < width {
                var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0
                for (row, out) in [(top, yTop), (bottom, yBottom)] {
                    for dx in 0..<2 {
                        let p = (row + 4 * (x + dx)).assumingMemoryBound(to: UInt8.self)
                        let pb = Int32(p[0]), pg = Int32(p[1]), pr = Int32(p[2])
                        out[x + dx] = UInt8(truncatingIfNeeded: (Self.yR * pr + Self.yG * pg + Self.yB * pb + Self.yOffset) >> 16)
                        r += pr
                        g += pg
                        b += pb
                    }
                }
                uRow[x / 2] = UInt8(truncatingIfNeeded: (Self.uR * r + Self.uG * g + Self.uB * b + Self.chromaOffset) >> 18)
                vRow[x / 2] = UInt8(truncatingIfNeeded: (Self.vR * r + Self.vG * g + Self.vB * b + Self.chromaOffset) >> 18)
                x += 2
            }
        }
    }

    /// 16 (black) plus a half for rounding, scaled like the coefficients.
    private static let yOffset: Int32 = (16 << 16) + (1 << 15)
    /// 128 (no colour) plus a half, scaled like the coefficients times four pixels.
    private static let chromaOffset: Int32 = (128 << 18) + (1 << 17)

    /// The blue, green and red of eight BGRA pixels.
    @inline(__always)
    private static func channels(_ p: UnsafeRawPointer) -> (SIMD8<Int32>, SIMD8<Int32>, SIMD8<Int32>) {
        let bytes = p.loadUnaligned(as: SIMD32<UInt8>.self)
        let blueRed = bytes.evenHalf, greenAlpha = bytes.oddHalf
        return (SIMD8(truncatingIfNeeded: blueRed.evenHalf), SIMD8(truncatingIfNeeded: greenAlpha.evenHalf),
                SIMD8(truncatingIfNeeded: blueRed.oddHalf))
    }

    @inline(__always)
    private static func luma(_ r: SIMD8<Int32>, _ g: SIMD8<Int32>, _ b: SIMD8<Int32>) -> SIMD8<UInt8> {
        SIMD8(truncatingIfNeeded: (yR &* r &+ yG &* g &+ yB &* b &+ yOffset) &>> 16)
    }

    @inline(__always)
    private static func chroma(_ r: SIMD4<Int32>, _ g: SIMD4<Int32>, _ b: SIMD4<Int32>,
                               _ kr: Int32, _ kg: Int32, _ kb: Int32) -> SIMD4<UInt8> {
        SIMD4(truncatingIfNeeded: (kr &* r &+ kg &* g &+ kb &* b &+ chromaOffset) &>> 18)
    }

    @inline(__always)
    private static func store<V: SIMD>(_ v: V, at p: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: V.self)
    }
}
