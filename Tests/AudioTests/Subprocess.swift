import Foundation

/// Runs a program with a time limit, so no test can hang CI.
struct Subprocess {
    struct Result { var status: Int32; var output: String; var error: String; var timedOut: Bool }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    timeout: Double = 20) throws -> Result {
        let process = start(executable, arguments, environment: environment)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes while waiting, or a chatty program would block on a full pipe.
        var outData = Data(), errData = Data()
        let group = DispatchGroup()
        group.enter(); DispatchQueue.global().async { outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter(); DispatchQueue.global().async { errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let timedOut = !waitForExit(process, timeout: timeout)
        _ = group.wait(timeout: .now() + 5)
        return Result(status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                      error: String(decoding: errData, as: UTF8.self), timedOut: timedOut)
    }

    static func start(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : which(executable))
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        return process
    }

    /// Waits up to `timeout` seconds; kills the process if it is still running then.
    @discardableResult
    static func waitForExit(_ process: Process, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            usleep(200_000)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return false
        }
        process.waitUntilExit()
        return true
    }

    static func which(_ name: String) -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return "/usr/bin/\(name)"
    }
}
