#if arch(x86_64)
import _Builtin_intrinsics.intel

/// The conversion eight pixels at a time with SSE2, which every x86-64 processor has. It
/// computes exactly what `convertBlocks` does (the tests compare them byte for byte), several
/// times as fast: written as generic SIMD it was a quarter of an MP4 render's own time,
/// compiled to emulated 32-bit products and many shuffles.
extension YUVRowPair {
    /// How many pixels of a `width`-wide row the kernel converts: whole runs of eight.
    static func vectorWidth(_ width: Int) -> Int { width / 8 * 8 }

    /// Converts pixels `start..<end` (multiples of eight) of both rows.
    func convertVectorised(from start: Int, to end: Int) {
        let zero = _mm_setzero_si128()
        let lumaWeights = Self.weights(b: Self.yB, g: Self.yG, r: Self.yR)
        let uWeights = Self.weights(b: Self.uB, g: Self.uG, r: Self.uR)
        let vWeights = Self.weights(b: Self.vB, g: Self.vG, r: Self.vR)
        let lumaOffset = SIMD4<Int32>(repeating: Self.yOffset), chromaOffset = SIMD4<Int32>(repeating: Self.chromaOffset)
        var x = start
        while x < end {
            // Pixels x…x+7 of each row widened to 16 bits, two pixels a register.
            let t0 = Self.load(top, x), t1 = Self.load(top, x + 4)
            let b0 = Self.load(bottom, x), b1 = Self.load(bottom, x + 4)
            let ta = _mm_unpacklo_epi8(t0, zero), tb = _mm_unpackhi_epi8(t0, zero)
            let tc = _mm_unpacklo_epi8(t1, zero), td = _mm_unpackhi_epi8(t1, zero)
            let ba = _mm_unpacklo_epi8(b0, zero), bb = _mm_unpackhi_epi8(b0, zero)
            let bc = _mm_unpacklo_epi8(b1, zero), bd = _mm_unpackhi_epi8(b1, zero)
            let topLuma = Self.weigh(ta, tb, lumaWeights, lumaOffset, shift: 15)
            let topLuma2 = Self.weigh(tc, td, lumaWeights, lumaOffset, shift: 15)
            Self.store8(topLuma, topLuma2, to: yTop + x)
            let bottomLuma = Self.weigh(ba, bb, lumaWeights, lumaOffset, shift: 15)
            let bottomLuma2 = Self.weigh(bc, bd, lumaWeights, lumaOffset, shift: 15)
            Self.store8(bottomLuma, bottomLuma2, to: yBottom + x)
            // Each 2×2 block: the rows added, then the two pixels of a register; four blocks
            // end up in two registers.
            let first = _mm_unpacklo_epi64(Self.block(ta, ba), Self.block(tb, bb))
            let second = _mm_unpacklo_epi64(Self.block(tc, bc), Self.block(td, bd))
            Self.store4(Self.weigh(first, second, uWeights, chromaOffset, shift: 17), to: u + x / 2)
            Self.store4(Self.weigh(first, second, vWeights, chromaOffset, shift: 17), to: v + x / 2)
            x += 8
        }
    }

    /// Blue, green and red weights for two pixels' 16-bit lanes (alpha weighs nothing).
    private static func weights(b: Int32, g: Int32, r: Int32) -> __m128i {
        _mm_setr_epi16(Int16(b), Int16(g), Int16(r), 0, Int16(b), Int16(g), Int16(r), 0)
    }

    @inline(__always)
    private static func load(_ row: UnsafeRawPointer, _ x: Int) -> __m128i {
        _mm_loadu_si128((row + 4 * x).assumingMemoryBound(to: __m128i.self))
    }

    /// The channel sums of a 2×2 block in the low four lanes, from the two pixels of `top` and
    /// of `bottom`.
    @inline(__always)
    private static func block(_ top: __m128i, _ bottom: __m128i) -> __m128i {
        let column = _mm_add_epi16(top, bottom)
        return _mm_add_epi16(column, _mm_unpackhi_epi64(column, column))
    }

    /// The weighted sums of the four pixels in `a` and `b` (two each), offset and shifted
    /// down: `pmaddwd` gives (blue + green, red) for each pixel, added after a shuffle.
    @inline(__always)
    private static func weigh(_ a: __m128i, _ b: __m128i, _ weights: __m128i, _ offset: SIMD4<Int32>,
                              shift: Int32) -> SIMD4<Int32> {
        let products = SIMD8<Int32>(lowHalf: unsafeBitCast(_mm_madd_epi16(a, weights), to: SIMD4<Int32>.self),
                                    highHalf: unsafeBitCast(_mm_madd_epi16(b, weights), to: SIMD4<Int32>.self))
        return (products.evenHalf &+ products.oddHalf &+ offset) &>> shift
    }

    /// Eight values saturated to bytes and stored.
    @inline(__always)
    private static func store8(_ low: SIMD4<Int32>, _ high: SIMD4<Int32>, to out: UnsafeMutablePointer<UInt8>) {
        let words = _mm_packs_epi32(unsafeBitCast(low, to: __m128i.self), unsafeBitCast(high, to: __m128i.self))
        _mm_storel_epi64(UnsafeMutableRawPointer(out).assumingMemoryBound(to: __m128i.self), _mm_packus_epi16(words, words))
    }

    /// Four values saturated to bytes and stored.
    @inline(__always)
    private static func store4(_ values: SIMD4<Int32>, to out: UnsafeMutablePointer<UInt8>) {
        let words = _mm_packs_epi32(unsafeBitCast(values, to: __m128i.self), unsafeBitCast(values, to: __m128i.self))
        UnsafeMutableRawPointer(out).storeBytes(of: _mm_cvtsi128_si32(_mm_packus_epi16(words, words)), as: Int32.self)
    }
}
#endif
