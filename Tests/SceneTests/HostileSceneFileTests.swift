import Foundation
import Scene
import Testing
import TestSupport

/// Scene files written to hurt: each is run through `aria-render validate` in a process of
/// its own, which must end in a clear `file:line:column` error (exit 2) — or accept the file
/// (exit 0) where it is fine — within a second of CPU time and 100 MB of resident memory
/// (the debug build's own baseline is about 30 MB). The figures are printed for each class.
/// The files carry no `game:` line: the tool reads them as it reads any scene without one.
@Suite(.serialized) struct HostileSceneFileTests {
    /// What a hostile file is, and what `validate` must say about it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var fileName: String
        var bytes: @Sendable () -> [UInt8]
        var exitCode: Int32 = 2
        /// Words the first diagnostic must contain.
        var message: String = ""
        /// Where the first diagnostic must point, when it is fixed.
        var at: (line: Int, column: Int)?
        var testDescription: String { name }
    }

    static let cpuBound = 1.0
    static let memoryBoundMegabytes = 100.0
    static let header = "version: 1\nduration: 10\n"

    static func text(_ string: String) -> @Sendable () -> [UInt8] { { Array(string.utf8) } }

    /// Ten lines that expand to 10^9 values: each anchor is ten aliases of the previous one.
    static func billionLaughs() -> String {
        var lines = ["version: 1", "duration: 10", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...8 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        lines.append("timeline: *a8")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Deterministic noise (a 64-bit LCG), for the binary-garbage case.
    static func garbage(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    static let cases: [Case] = [
        Case(name: "billion laughs (aliases of aliases)", fileName: "laughs.yaml", bytes: text(billionLaughs()),
             message: "expands to more than 100000 values through the alias '*a3'", at: (7, 45)),
        Case(name: "85000 aliases of one scalar", fileName: "aliases.yaml",
             bytes: text(header + "x: &x 1\ny: &y [" + Array(repeating: "*x", count: 85_000).joined(separator: ",") + "]\ntimeline: *y\n"),
             // 85011 values before `*y`, whose 14990th item is the 100001st value.
             message: "through the alias '*y'", at: (5, 11)),
        Case(name: "nesting deepened through aliases", fileName: "deep-alias.yaml",
             bytes: text(header + "a0: &a0 " + String(repeating: "[", count: 300) + "1" + String(repeating: "]", count: 300) + "\n"
                         + "a1: " + String(repeating: "[", count: 300) + "*a0" + String(repeating: "]", count: 300) + "\n"),
             message: "nested more than 500 levels deep through the alias '*a0'", at: (4, 305)),
        Case(name: "deep flow nesting", fileName: "deep-flow.yaml",
             bytes: text(header + "timeline: " + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000) + "\n"),
             message: "nested more than 500 levels", at: (3, 1)),
        Case(name: "deep block nesting", fileName: "deep-block.yaml",
             bytes: text(header + "timeline:\n" + String(repeating: "- ", count: 600) + "x\n"),
             message: "nested more than 500 levels", at: (4, 1)),
        Case(name: "huge flow sequence (128000 items in 256 KB)", fileName: "flow.yaml",
             bytes: text(header + "timeline: [" + Array(repeating: "1", count: 128_000).joined(separator: ",") + "]\n"),
             message: "expands to more than 100000 values", at: (3, 12 + 2 * 99_993)),
        Case(name: "huge JSON array on one line", fileName: "flat.json",
             bytes: text("{\"version\": 1, \"duration\": 10, \"timeline\": [" + Array(repeating: "1", count: 120_000).joined(separator: ",") + "]}"),
             message: "more than 100000 values", at: (1, 45 + 2 * 99_996)),
        Case(name: "200 KB string value", fileName: "long-value.yaml",
             bytes: text(header + "background: \"" + String(repeating: "x", count: 200_000) + "\"\n"),
             message: "(200000 bytes)", at: (3, 13)),
        Case(name: "200 KB key (past libyaml's 1024 for a plain key)", fileName: "long-key.yaml",
             bytes: text(header + String(repeating: "k", count: 200_000) + ": 1\n"),
             message: "could not find expected ':'", at: (3, 200_001)),
        Case(name: "1000-character key, quoted short", fileName: "key.yaml",
             bytes: text(header + String(repeating: "k", count: 1000) + ": 1\n"),
             message: "unknown key 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk…' (1000 bytes)", at: (3, 1)),
        Case(name: "25000 unknown keys (problems capped)", fileName: "many-keys.yaml",
             bytes: text(header + (0..<25_000).map { "k\($0): 1\n" }.joined()),
             message: "unknown key 'k0'", at: (3, 1)),
        Case(name: "binary garbage", fileName: "garbage.yaml", bytes: { garbage(count: 4096, seed: 7) },
             message: "not UTF-8 text"),
        Case(name: "invalid UTF-8 inside a value", fileName: "utf8.yaml",
             bytes: { Array("version: 1\nduration: 1".utf8) + [0xC3, 0x28] + Array("\n".utf8) },
             message: "byte 0xC3 at byte 22 is not valid UTF-8", at: (2, 12)),
        Case(name: "overlong UTF-8 (an encoded slash)", fileName: "overlong.yaml",
             bytes: { Array("version: 1\n".utf8) + [0xE0, 0x80, 0xAF] + Array(": 1\n".utf8) },
             message: "not UTF-8 text", at: (2, 1)),
        Case(name: "NUL byte", fileName: "nul.yaml", bytes: { Array("version: 1\nduration: 1".utf8) + [0] + Array("0\n".utf8) },
             message: "control characters are not allowed", at: (2, 12)),
        Case(name: "byte-order mark (YAML), accepted", fileName: "bom.yaml",
             bytes: { [0xEF, 0xBB, 0xBF] + Array(header.utf8) }, exitCode: 0),
        Case(name: "byte-order mark (JSON), accepted", fileName: "bom.json",
             bytes: { [0xEF, 0xBB, 0xBF] + Array("{\"version\": 1, \"duration\": 10}".utf8) }, exitCode: 0),
        Case(name: "tab in the indentation", fileName: "tab.yaml", bytes: text("version: 1\n\tduration: 10\n"),
             message: "tab", at: (2, 1)),
        Case(name: "duplicate keys", fileName: "duplicate.yaml", bytes: text(header + "duration: 20\n"),
             message: "the key 'duration' twice", at: (3, 1)),
        Case(name: "1e400 (overflows a Double)", fileName: "overflow.yaml", bytes: text("version: 1\nduration: 1e400\n"),
             message: "must be a finite number", at: (2, 11)),
        Case(name: "-0 seconds", fileName: "negative-zero.yaml", bytes: text("version: 1\nduration: -0\n"),
             message: "more than 0 seconds", at: (2, 11)),
        Case(name: "NaN", fileName: "nan.yaml", bytes: text("version: 1\nduration: .nan\n"),
             message: "finite number", at: (2, 11)),
        Case(name: ".inf", fileName: "inf.yaml", bytes: text("version: 1\nduration: 10\ncanvas: {width: .inf}\n"),
             message: "canvas.width must be a whole number", at: (3, 17)),
        Case(name: "enormous integers", fileName: "enormous.yaml",
             bytes: text(header + "seed: " + String(repeating: "9", count: 5000) + "\ncanvas: {height: 1" + String(repeating: "0", count: 30) + "}\n"),
             message: "seed must be a whole number", at: (3, 7)),
        Case(name: "absurd duration (1e9 s)", fileName: "long.yaml", bytes: text("version: 1\nduration: 1e9\n"),
             message: "duration is out of range", at: (2, 11)),
        Case(name: "absurd canvas (100000x100000)", fileName: "canvas.yaml",
             bytes: text(header + "canvas: {width: 100000, height: 100000}\n"),
             message: "canvas.width is out of range", at: (3, 17)),
        Case(name: "a million timeline entries through aliases", fileName: "million.yaml",
             bytes: text(header + "e: &e {time: 1, clap: }\n"
                         + (1...6).map { "t\($0): &t\($0) [" + Array(repeating: $0 == 1 ? "*e" : "*t\($0 - 1)", count: 10).joined(separator: ", ") + "]\n" }.joined()
                         + "timeline: *t6\n"),
             message: "expands to more than 100000 values through the alias"),
        Case(name: "6000 timeline entries", fileName: "entries.yaml",
             bytes: text(header + "timeline: [" + Array(repeating: "{time: 1, clap: }", count: 6000).joined(separator: ",") + "]\n"),
             message: "at most 5000", at: (3, 11)),
        Case(name: "60000 documents", fileName: "documents.yaml", bytes: text(header + String(repeating: "---\n", count: 60_000)),
             message: "single document", at: (3, 1)),
        Case(name: "an alias of itself", fileName: "recursive.yaml", bytes: text(header + "x: &a [*a]\n"),
             message: "undefined alias", at: (3, 8)),
        Case(name: "250 KB of comments, accepted", fileName: "comments.yaml",
             bytes: text(header + String(repeating: "# " + String(repeating: "-[{", count: 30) + "\n", count: 2500)), exitCode: 0),
        Case(name: "one byte over the size limit", fileName: "over.yaml",
             bytes: text(header + "#" + String(repeating: "x", count: SceneFileLimits.maxBytes - header.utf8.count) ),
             message: "too large (262145 bytes)", at: (1, 1)),
    ]

    @Test(arguments: cases) func hostileFileIsRefusedCheaply(_ hostile: Case) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(hostile.fileName).path
        try Data(hostile.bytes()).write(to: URL(fileURLWithPath: path))
        try expectCheap(hostile.name, path: path, exitCode: hostile.exitCode, message: hostile.message, at: hostile.at)
    }

    /// A 50 MB file is refused from its size: it is never read (the memory stays at the baseline).
    @Test func fiftyMegabyteFileIsRefusedBeforeItIsRead() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("huge.yaml").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.header.utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 50 << 20)
        try handle.close()
        let run = try expectCheap("50 MB file", path: path, exitCode: 2, message: "too large (52428800 bytes)", at: (1, 1))
        #expect(run.peakMegabytes < 60, "the file was read: \(run.peakMegabytes) MB")
    }

    /// An endless device is read no further than one byte past the limit.
    @Test func endlessDeviceIsCutAtTheLimit() throws {
        try expectCheap("/dev/zero", path: "/dev/zero", exitCode: 2, message: "too large", at: (1, 1))
    }

    /// Every line on standard error is `file:line:column: …` but the tool's last line.
    @discardableResult
    private func expectCheap(_ name: String, path: String, exitCode: Int32, message: String,
                             at position: (line: Int, column: Int)?) throws -> MeasuredRun {
        let run = try MeasuredRun.run(["validate", path])
        print(String(format: "hostile %@: exit %d, %.3f s wall, %.3f s CPU, %.1f MB peak", name, run.status,
                     run.wallSeconds, run.cpuSeconds, run.peakMegabytes))
        #expect(!run.timedOut, "\(name): still running after 10 s")
        #expect(run.signal == nil, "\(name): killed by signal \(run.signal ?? 0)")
        #expect(run.status == exitCode, "\(name): exit \(run.status), stderr: \(run.standardError.prefix(500))")
        #expect(run.cpuSeconds < Self.cpuBound, "\(name): \(run.cpuSeconds) s of CPU")
        #expect(run.wallSeconds < 5 * Self.cpuBound, "\(name): \(run.wallSeconds) s")
        #expect(run.peakMegabytes < Self.memoryBoundMegabytes, "\(name): \(run.peakMegabytes) MB")
        guard exitCode == 2 else { return run }
        var lines = run.standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        #expect(lines.last?.hasPrefix("aria-render: ") == true, "\(name): \(lines.last ?? "")")
        let diagnostics = lines.dropLast()
        #expect(!diagnostics.isEmpty && diagnostics.count <= SceneFileLimits.maxDiagnostics + 1,
                "\(name): \(diagnostics.count) diagnostic lines")
        for line in diagnostics {
            #expect(line.hasPrefix(path + ":") && line.utf8.count < 1000, "\(name): not one short located line: \(line.prefix(300))")
        }
        guard let first = diagnostics.first else { return run }
        if let position {
            #expect(first.hasPrefix("\(path):\(position.line):\(position.column): "), "\(name): \(first.prefix(300))")
        }
        #expect(first.contains(message), "\(name): \(first.prefix(300)) should say \(message)")
        return run
    }

    /// A fresh temporary folder of this test's own, so the cases can run side by side.
    private func makeTemporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
