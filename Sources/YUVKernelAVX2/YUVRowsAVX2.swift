#if arch(x86_64)
import _Builtin_intrinsics.intel

/// The BT.709 weights of a yuv420p conversion, scaled by 2^15 (blue, green and red, for luma
/// and for U and V, which weigh the sums of 2×2 blocks), and the offsets added before the
/// shifts (luma: 16 and a half, by 15; chroma: 128 and a half, four pixels' worth, by 17), as
/// the Output module defines them. A tuple, not a type of this module: building it runs no
/// code compiled for AVX2.
public typealias YUVWeights = (luma: (blue: Int16, green: Int16, red: Int16), u: (blue: Int16, green: Int16, red: Int16),
                               v: (blue: Int16, green: Int16, red: Int16), lumaOffset: Int32, chromaOffset: Int32)

/// The yuv420p conversion of two rows sixteen pixels at a time with AVX2. This module alone is
/// compiled for AVX2 (Package.swift), so nothing here may run before the caller has checked
/// that the processor has it: `convert` is its only code. Its arithmetic is the SSE2 kernel's
/// step for step (`pmaddwd` on 16-bit channels, pairs added, offset, shifted, saturated),
/// twice as wide; the tests compare the two byte for byte.
public enum YUVRowsAVX2 {
    /// Converts the first `pixels` pixels (a multiple of sixteen) of the BGRA rows `top` and
    /// `bottom` into their luma rows and their one row of U and of V.
    public static func convert(top: UnsafeRawPointer, bottom: UnsafeRawPointer,
                               yTop: UnsafeMutablePointer<UInt8>, yBottom: UnsafeMutablePointer<UInt8>,
                               u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>,
                               pixels: Int, weights: YUVWeights) {
        let zero = _mm256_setzero_si256()
        let lumaWeights = spread(weights.luma), uWeights = spread(weights.u), vWeights = spread(weights.v)
        let lumaOffset = _mm256_set1_epi32(weights.lumaOffset), chromaOffset = _mm256_set1_epi32(weights.chromaOffset)
        // 32-bit groups: (0, 4, 1, 5) gathers the bytes packing leaves in both lanes; (0, 1, 4,
        // 5, 2, 3, 6, 7) puts the blocks that adding pairs leaves lane by lane back in order.
        let gather = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7), blockOrder = _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7)
        var x = 0
        while x < pixels {
            // Widened to 16 bits, lane by lane: `low` holds pixels 0, 1 | 4, 5 of eight, `high`
            // pixels 2, 3 | 6, 7.
            let t0 = load(top, x), t1 = load(top, x + 8), b0 = load(bottom, x), b1 = load(bottom, x + 8)
            let t0low = _mm256_unpacklo_epi8(t0, zero), t0high = _mm256_unpackhi_epi8(t0, zero)
            let t1low = _mm256_unpacklo_epi8(t1, zero), t1high = _mm256_unpackhi_epi8(t1, zero)
            let b0low = _mm256_unpacklo_epi8(b0, zero), b0high = _mm256_unpackhi_epi8(b0, zero)
            let b1low = _mm256_unpacklo_epi8(b1, zero), b1high = _mm256_unpackhi_epi8(b1, zero)

            storeLuma(weigh(t0low, t0high, lumaWeights, lumaOffset, shift: 15),
                      weigh(t1low, t1high, lumaWeights, lumaOffset, shift: 15), gather, to: yTop + x)
            storeLuma(weigh(b0low, b0high, lumaWeights, lumaOffset, shift: 15),
                      weigh(b1low, b1high, lumaWeights, lumaOffset, shift: 15), gather, to: yBottom + x)

            // Each 2×2 block's channel sums: blocks 0, 1 | 2, 3 of the first eight pixels, 4, 5 |
            // 6, 7 of the next.
            let first = _mm256_unpacklo_epi64(block(t0low, b0low), block(t0high, b0high))
            let second = _mm256_unpacklo_epi64(block(t1low, b1low), block(t1high, b1high))
            storeChroma(weigh(first, second, uWeights, chromaOffset, shift: 17), blockOrder, gather, to: u + x / 2)
            storeChroma(weigh(first, second, vWeights, chromaOffset, shift: 17), blockOrder, gather, to: v + x / 2)
            x += 16
        }
    }

    /// Blue, green and red weights for the 16-bit channels of four pixels (alpha weighs nothing).
    @inline(__always)
    private static func spread(_ w: (blue: Int16, green: Int16, red: Int16)) -> __m256i {
        _mm256_setr_epi16(w.blue, w.green, w.red, 0, w.blue, w.green, w.red, 0,
                          w.blue, w.green, w.red, 0, w.blue, w.green, w.red, 0)
    }

    @inline(__always)
    private static func load(_ row: UnsafeRawPointer, _ x: Int) -> __m256i {
        _mm256_loadu_si256((row + 4 * x).assumingMemoryBound(to: __m256i.self))
    }

    /// The channel sums of the 2×2 blocks of two pixels of `top` and two of `bottom`, in the
    /// low four 16-bit lanes of each half.
    @inline(__always)
    private static func block(_ top: __m256i, _ bottom: __m256i) -> __m256i {
        let column = _mm256_add_epi16(top, bottom)
        return _mm256_add_epi16(column, _mm256_unpackhi_epi64(column, column))
    }

    /// Eight weighted sums in order, offset and shifted down: `pmaddwd` gives (blue + green,
    /// red) of each pixel in `low` and `high`, which adding pairs joins.
    @inline(__always)
    private static func weigh(_ low: __m256i, _ high: __m256i, _ weights: __m256i, _ offset: __m256i,
                              shift: Int32) -> __m256i {
        let sums = _mm256_hadd_epi32(_mm256_madd_epi16(low, weights), _mm256_madd_epi16(high, weights))
        return _mm256_srai_epi32(_mm256_add_epi32(sums, offset), shift)
    }

    /// Sixteen luma values (`first`, then `second`) saturated to bytes and stored.
    @inline(__always)
    private static func storeLuma(_ first: __m256i, _ second: __m256i, _ gather: __m256i, to out: UnsafeMutablePointer<UInt8>) {
        let words = _mm256_packs_epi32(first, second)
        let bytes = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(words, words), gather)
        _mm_storeu_si128(UnsafeMutableRawPointer(out).assumingMemoryBound(to: __m128i.self), _mm256_castsi256_si128(bytes))
    }

    /// Eight chroma values, as adding pairs left them, put in order, saturated and stored.
    @inline(__always)
    private static func storeChroma(_ values: __m256i, _ order: __m256i, _ gather: __m256i, to out: UnsafeMutablePointer<UInt8>) {
        let ordered = _mm256_permutevar8x32_epi32(values, order)
        let words = _mm256_packs_epi32(ordered, ordered)
        let bytes = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(words, words), gather)
        _mm_storel_epi64(UnsafeMutableRawPointer(out).assumingMemoryBound(to: __m128i.self), _mm256_castsi256_si128(bytes))
    }
}
#endif
