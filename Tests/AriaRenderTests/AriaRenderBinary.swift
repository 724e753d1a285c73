import Foundation
import Testing

/// The built `aria-render`, run as a subprocess: what a user gets.
enum AriaRenderBinary {
    /// The executable beside the test bundle, or in the package's build folder.
    static var url: URL? {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("aria-render"))
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("aria-render"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("aria-render"))
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/aria-render"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The repository root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Outcome {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs the tool with `arguments` in `folder` and waits for it.
    static func run(_ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]) throws -> Outcome {
        guard let url else {
            Issue.record("aria-render was not built; run `swift build` first")
            return Outcome(status: -1, standardOutput: "", standardError: "")
        }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read before waiting, so a large output cannot fill the pipe and stall the tool.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
                       standardError: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh folder of the test's own.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("aria-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
