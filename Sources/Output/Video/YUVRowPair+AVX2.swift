#if arch(x86_64)
import Foundation
import _Builtin_intrinsics.intel.cpuid
import YUVKernelAVX2

/// The conversion sixteen pixels at a time with AVX2, on processors that have it (most
/// x86-64 machines since 2013): half the instructions of the SSE2 kernel, for the same bytes.
extension YUVRowPair {
    /// Whether this processor runs AVX2 and the system has turned its wide registers on:
    /// cpuid (OSXSAVE and AVX in leaf 1, AVX2 in leaf 7) and, on Linux, the kernel's own flags,
    /// which drop `avx2` when it has not enabled the AVX state (an old kernel, `clearcpuid=avx`,
    /// a hypervisor that hides XSAVE state) although cpuid still reports it.
    static let hasAVX2: Bool = {
        var a: UInt32 = 0, b: UInt32 = 0, c: UInt32 = 0, d: UInt32 = 0
        guard __get_cpuid(1, &a, &b, &c, &d) != 0, c & (1 << 27) != 0, c & (1 << 28) != 0 else { return false }
        guard __get_cpuid_count(7, 0, &a, &b, &c, &d) != 0, b & (1 << 5) != 0 else { return false }
        #if os(Linux)
        guard let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let flags = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return false }
        return flags.split(separator: " ").contains("avx2")
        #else
        return true
        #endif
    }()

    /// How many pixels of a `width`-wide row the AVX2 kernel converts: whole runs of sixteen,
    /// none without AVX2.
    static func wideVectorWidth(_ width: Int) -> Int { hasAVX2 ? width / 16 * 16 : 0 }

    /// The weights `convertBlocks` applies, in the kernel's terms.
    private static let weights: YUVWeights = (luma: (Int16(yB), Int16(yG), Int16(yR)), u: (Int16(uB), Int16(uG), Int16(uR)),
                                              v: (Int16(vB), Int16(vG), Int16(vR)), lumaOffset: yOffset, chromaOffset: chromaOffset)

    /// Converts the first `pixels` pixels (a multiple of sixteen) of both rows; only when
    /// `hasAVX2`.
    func convertWide(pixels: Int) {
        YUVRowsAVX2.convert(top: top, bottom: bottom, yTop: yTop, yBottom: yBottom, u: u, v: v, pixels: pixels,
                            weights: Self.weights)
    }
}
#endif
