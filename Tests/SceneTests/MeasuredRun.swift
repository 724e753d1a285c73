import Foundation
import TestSupport

/// One run of the built `aria-render` as a child process, with what it cost: wall time,
/// CPU time and peak resident memory from `wait4`, so each hostile file is measured in a
/// fresh process of its own (a test process's peak covers every test before it).
struct MeasuredRun {
    var status: Int32
    /// The signal that ended it, if one did.
    var signal: Int32?
    var standardError: String
    var wallSeconds: Double
    var cpuSeconds: Double
    var peakMegabytes: Double
    var timedOut: Bool

    /// The tool the tests run: `$ARIA_RENDER` when set (`make test` points it at the release
    /// build), else the executable beside the test bundle or in the package's debug build folder.
    static var toolPath: String? {
        var candidates: [String] = []
        if let chosen = ProcessInfo.processInfo.environment["ARIA_RENDER"], !chosen.isEmpty { candidates.append(chosen) }
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("aria-render").path)
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("aria-render").path)
        candidates.append(RepositoryRoot.url.appendingPathComponent(".build/debug/aria-render").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `aria-render arguments` with its address space capped at `addressSpaceMegabytes`
    /// (a safety net: the figure checked is the peak resident memory) and killed after
    /// `timeout` seconds.
    ///
    /// A small python3 parent forks and waits for it: `wait4` there gives the tool's own
    /// peak. (Spawned straight from this test process, the peak would include the test
    /// process's: Linux keeps the larger of the old and new memory's peaks across `exec`.)
    static func run(_ arguments: [String], addressSpaceMegabytes: Int = 1024, timeout: Double = 10) throws -> MeasuredRun {
        guard let tool = toolPath else { throw MeasuredRunError("aria-render was not built; run `swift build` first") }
        let errorPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("measured-run-\(UUID().uuidString).err").path
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", measuringScript, String(addressSpaceMegabytes), String(timeout), errorPath,
                             tool] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ").map(String.init)
        guard process.terminationStatus == 0, fields.count == 7,
              let status = Int32(fields[0]), let signal = Int32(fields[1]), let peak = Double(fields[2]),
              let cpu = Double(fields[3]), let wall = Double(fields[4]) else {
            throw MeasuredRunError("the measuring python3 failed: \(String(decoding: data, as: UTF8.self))")
        }
        let errorData = FileManager.default.contents(atPath: errorPath) ?? Data()
        return MeasuredRun(status: status, signal: signal == 0 ? nil : signal,
                           standardError: String(decoding: errorData, as: UTF8.self),
                           wallSeconds: wall, cpuSeconds: cpu, peakMegabytes: peak / 1024, timedOut: fields[5] == "1")
    }

    /// argv: address-space MB, timeout s, stderr path, program, arguments. Prints
    /// "status signal peak-KB cpu-s wall-s timed-out 0".
    private static let measuringScript = """
    import os, resource, signal, sys, time
    limit, timeout, err = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            resource.setrlimit(resource.RLIMIT_AS, (limit << 20, limit << 20))
            fd = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(fd, 2)
            null = os.open("/dev/null", os.O_RDWR)
            os.dup2(null, 0); os.dup2(null, 1)
            os.execv(sys.argv[4], sys.argv[4:])
        finally:
            os._exit(127)
    timed_out = 0
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done == pid:
            break
        if not timed_out and time.monotonic() - start > timeout:
            timed_out = 1
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.002)
    wall = time.monotonic() - start
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
    sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0
    print(code, sig, usage.ru_maxrss, usage.ru_utime + usage.ru_stime, wall, timed_out, 0)
    """
}

struct MeasuredRunError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
