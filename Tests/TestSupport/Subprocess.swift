import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program started by a test: the one way the tests run programs (the tool, ffmpeg,
/// ffprobe, Xvfb, the PulseAudio script, paplay, sox, espeak-ng...).
///
/// Its standard output and standard error go to files of its own, never to pipes: nothing is
/// read while it runs, so neither stream can fill up and stall it, and a daemon it leaves
/// behind cannot hold a pipe open. Standard input is /dev/null. The child starts with no
/// signal blocked and every signal at its default (test threads block some). Every wait has
/// a limit, so nothing can hang CI; a program still running when its handle goes away is killed.
public final class Subprocess {
    /// How a program that was run to its end ended.
    public struct Result {
        /// Its exit status; 128 + n when signal n ended it (as a shell reports it).
        public var status: Int32
        /// What it wrote on standard output, as bytes.
        public var standardOutputData: Data
        /// What it wrote on standard error.
        public var standardError: String
        /// Whether it was still running at its time limit, and was killed.
        public var timedOut: Bool

        /// What it wrote on standard output, as text.
        public var standardOutput: String { String(decoding: standardOutputData, as: UTF8.self) }
    }

    /// The process id.
    public let pid: pid_t
    /// The file its standard output goes to.
    public let outputPath: String
    /// The file its standard error goes to.
    public let errorPath: String
    /// Its exit status once it has ended (128 + n when signal n ended it).
    public private(set) var status: Int32?
    /// Whether `finish(timeout:)` had to kill it.
    public private(set) var timedOut = false

    /// Starts `executable` (a path, or a name found on PATH) with `arguments`, this process's
    /// environment with `environment` laid over it, in `folder` (this process's own when nil).
    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:], in folder: String? = nil) throws {
        let path = try Self.locate(executable)
        let stem = NSTemporaryDirectory() + "aria-run-\(getpid())-\(UUID().uuidString.prefix(8))"
        outputPath = stem + ".out"
        errorPath = stem + ".err"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let folder {
            guard Self.addChdir(&actions, folder) == 0 else { throw FixtureError("cannot run a program in \(folder)") }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard error == 0 else {
            unlink(outputPath)
            unlink(errorPath)
            throw FixtureError("cannot start \(path): \(String(cString: strerror(error)))")
        }
        self.pid = pid
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
        }
        unlink(outputPath)
        unlink(errorPath)
    }

    /// Runs a program to its end, for at most `timeout` seconds (then it is killed and the
    /// result says `timedOut`).
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                           in folder: String? = nil, timeout: Double = 60) throws -> Result {
        let program = try Subprocess(executable, arguments, environment: environment, in: folder)
        program.finish(timeout: timeout)
        return Result(status: program.status ?? -1,
                      standardOutputData: FileManager.default.contents(atPath: program.outputPath) ?? Data(),
                      standardError: program.standardError, timedOut: program.timedOut)
    }

    /// What it has written on standard output so far.
    public var standardOutput: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    /// What it has written on standard error so far.
    public var standardError: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Whether it is still running.
    public var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
        status = Self.exitStatus(raw)
        return false
    }

    /// Sends it `signal`.
    public func send(_ signal: Int32) {
        if status == nil { kill(pid, signal) }
    }

    /// Waits up to `timeout` seconds for it to end and returns its exit status; when it has not
    /// ended by then, stops it (SIGTERM, then SIGKILL half a second later) and returns nil.
    @discardableResult
    public func finish(timeout: Double) -> Int32? {
        if waitUntil(every: 0.01, timeout: timeout, until: { !isRunning }) { return status }
        timedOut = true
        kill(pid, SIGTERM)
        if !waitUntil(every: 0.01, timeout: 0.5, until: { !isRunning }) {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            waitpid(pid, &raw, 0)
            status = Self.exitStatus(raw)
        }
        return nil
    }

    /// Waits up to `timeout` seconds until its standard error holds `text` at least `count`
    /// times; false when it does not by then (or it ended without).
    @discardableResult
    public func waitForError(_ text: String, count: Int = 1, timeout: Double) -> Bool {
        waitUntil(timeout: timeout, stillPossible: { isRunning }) { standardError.components(separatedBy: text).count - 1 >= count }
    }

    /// glibc's posix_spawn_file_actions_addchdir_np (2.29 and later), which Swift's Glibc module
    /// does not declare: the child changes to a folder before it runs the program.
    private static let addChdir: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32 = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else {
            return { _, _ in ENOSYS }
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
    }()

    /// `executable` itself when it is a path, else the first executable of that name on PATH.
    static func locate(_ executable: String) throws -> String {
        if executable.contains("/") { return executable }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(executable)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw FixtureError("\(executable) is not installed (not found on PATH)")
    }

    /// The status a shell would report for a raw `waitpid` status.
    static func exitStatus(_ raw: Int32) -> Int32 {
        (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
    }
}

extension Subprocess {
    /// Whether some process's whole command line matches the extended regular expression
    /// `pattern` (`pgrep -f`): a program the tool started, seen from outside.
    public static func isRunning(commandLineMatching pattern: String) -> Bool {
        ((try? run("pgrep", ["-f", pattern]))?.standardOutput.isEmpty ?? true) == false
    }
}
