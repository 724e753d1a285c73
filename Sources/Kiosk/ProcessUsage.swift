import Foundation

/// This process's memory and open files, from /proc: what a long run must keep flat.
struct ProcessUsage {
    /// Resident memory now, in bytes.
    var residentBytes = 0
    /// The most resident memory so far, in bytes.
    var peakResidentBytes = 0
    /// Open file descriptors.
    var openFiles = 0

    /// The figures now (zeros where /proc cannot be read).
    static func current() -> ProcessUsage {
        var usage = ProcessUsage()
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
            for line in status.split(separator: "\n") {
                if line.hasPrefix("VmRSS:") { usage.residentBytes = kilobytes(line) * 1024 }
                if line.hasPrefix("VmHWM:") { usage.peakResidentBytes = kilobytes(line) * 1024 }
            }
        }
        usage.openFiles = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count ?? 1) - 1  // less the listing's own
        return usage
    }

    /// "VmRSS:     1234 kB" → 1234.
    private static func kilobytes(_ line: Substring) -> Int {
        Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
}
