#if arch(x86_64)
import _Builtin_intrinsics.intel

/// The PNG "Up" filter of opaque BGRA rows into RGB bytes, eight pixels at a time with AVX2.
/// This module is compiled for AVX2 (Package.swift), so nothing here may run before the caller
/// has checked that the processor has it: `filter` is its only code. The Output module's
/// scalar filter writes the same bytes; the tests compare the two.
public enum PNGUpFilterAVX2 {
    /// Filters the first `pixels` pixels (a multiple of eight) of `row` against `above` (nil:
    /// against zeros, the frame's first row) into `out`, three bytes a pixel, and writes up to
    /// eight bytes past them. Returns the bitwise AND of the pixels read (0xFF in its top byte
    /// when every one is opaque).
    public static func filter(row: UnsafeRawPointer, above: UnsafeRawPointer?, pixels: Int,
                              into out: UnsafeMutableRawPointer) -> UInt32 {
        // In each 128-bit lane, four BGRA pixels become R, G, B of each in its first twelve bytes.
        let toRGB = _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1,
                                     2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1)
        // The lanes' twelve bytes side by side: 32-bit groups 0, 1, 2 and 4, 5, 6 first.
        let together = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7)
        var all = _mm256_set1_epi32(-1)
        let zero = _mm256_setzero_si256()
        var x = 0, o = 0
        while x < pixels {
            let p = _mm256_loadu_si256(row.advanced(by: x * 4).assumingMemoryBound(to: __m256i.self))
            let q = above.map { _mm256_loadu_si256($0.advanced(by: x * 4).assumingMemoryBound(to: __m256i.self)) } ?? zero
            all = _mm256_and_si256(all, p)
            let rgb = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(_mm256_sub_epi8(p, q), toRGB), together)
            _mm256_storeu_si256(out.advanced(by: o).assumingMemoryBound(to: __m256i.self), rgb)
            x += 8
            o += 24
        }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { lanes in
            _mm256_storeu_si256(UnsafeMutableRawPointer(lanes.baseAddress!).assumingMemoryBound(to: __m256i.self), all)
            return lanes.reduce(0xFFFF_FFFF, &)
        }
    }
}
#endif
