import Foundation
import Testing
import TestSupport

/// The tool only parses options and wires the libraries together: what it does beyond that
/// belongs in a library a test can reach, so its size stays under a limit.
@Suite struct ToolSizeTests {
    /// The most lines the tool's sources may have together.
    static let limit = 1_300

    /// The lines of every Swift file under `folder`, by file, counted as `wc -l` does.
    static func lines(under folder: URL) throws -> [(file: String, lines: Int)] {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try files.map { url in
            (url.lastPathComponent, try Data(contentsOf: url).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
        }
    }

    @Test func theToolStaysUnderItsLimit() throws {
        let files = try Self.lines(under: RepositoryRoot.url.appendingPathComponent("Sources/aria-render"))
        #expect(files.count >= 10, "Sources/aria-render holds \(files.count) Swift files")
        let total = files.reduce(0) { $0 + $1.lines }
        let largest = files.sorted { $0.lines > $1.lines }.prefix(5).map { "\($0.file) \($0.lines)" }.joined(separator: ", ")
        print("aria-render: \(total) lines in \(files.count) files (limit \(Self.limit))")
        #expect(total <= Self.limit, """
            Sources/aria-render has \(total) lines, over its limit of \(Self.limit): move orchestration and logic into a \
            library (Rendering, Golden, Kiosk…) where tests reach it. Largest: \(largest)
            """)
    }
}
