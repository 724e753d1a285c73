#if arch(x86_64)
import Foundation
import _Builtin_intrinsics.intel.cpuid

/// What this processor can run, for the kernels compiled for wider vectors than the baseline.
enum Processor {
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
}
#else
/// What this processor can run: no x86 vector kernels off x86-64.
enum Processor {
    static let hasAVX2 = false
}
#endif
