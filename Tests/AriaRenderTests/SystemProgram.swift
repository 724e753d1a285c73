import Foundation

/// A program of the system (ffmpeg, ffprobe) run for what it prints: how the tests look at
/// what the tool wrote.
enum SystemProgram {
    /// Runs `/usr/bin/<name>` with `arguments`; its standard output (standard error is dropped).
    static func output(_ name: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read before waiting, so a large output cannot fill the pipe and stall the program.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}
