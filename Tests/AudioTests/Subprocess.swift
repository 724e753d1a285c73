import Foundation

/// Runs programs with time limits, so no test can hang CI. Output goes to files, not pipes,
/// so a daemon a script leaves behind cannot hold a pipe open; children are reaped with waitpid.
struct Subprocess {
    struct Result { var status: Int32; var output: String; var error: String; var timedOut: Bool }

    /// A started program whose output is being written to files.
    struct Running {
        let pid: pid_t
        let outputPath: String
        let errorPath: String

        /// Waits up to `timeout` seconds, then kills it; returns its exit status and output.
        func finish(timeout: Double) -> Result {
            let deadline = Date().addingTimeInterval(timeout)
            var status: Int32 = 0
            var timedOut = false
            while waitpid(pid, &status, WNOHANG) == 0 {
                if Date() > deadline {
                    timedOut = true
                    kill(pid, SIGTERM)
                    usleep(200_000)
                    kill(pid, SIGKILL)
                    waitpid(pid, &status, 0)
                    break
                }
                usleep(10_000)
            }
            let code: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: outputPath)
            try? FileManager.default.removeItem(atPath: errorPath)
            return Result(status: code, output: output, error: error, timedOut: timedOut)
        }
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                    timeout: Double = 20) throws -> Result {
        try start(executable, arguments, environment: environment).finish(timeout: timeout)
    }

    static func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Running {
        let path = executable.hasPrefix("/") ? executable : which(executable)
        let stem = NSTemporaryDirectory() + "aria-sub-\(getpid())-\(UUID().uuidString.prefix(8))"
        let running = Running(pid: 0, outputPath: stem + ".out", errorPath: stem + ".err")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, running.outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, running.errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard status == 0 else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        return Running(pid: pid, outputPath: running.outputPath, errorPath: running.errorPath)
    }

    static func which(_ name: String) -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return "/usr/bin/\(name)"
    }
}
