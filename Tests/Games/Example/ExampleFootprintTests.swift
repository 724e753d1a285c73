import Foundation
import TestSupport
import Testing

/// Adding the example game touched at most 6 lines outside its folders, as
/// scripts/new-game-footprint.sh counts them with `git diff --numstat`; and the script does fail
/// a game that took more.
@Suite struct ExampleFootprintTests {
    static let script = RepositoryRoot.path + "/scripts/new-game-footprint.sh"

    static func git(_ arguments: [String], in folder: String) throws -> Subprocess.Result {
        try Subprocess.run("/usr/bin/env", ["git", "-c", "user.name=test", "-c", "user.email=test@example.com"] + arguments,
                           in: folder, timeout: 60)
    }

    @Test func theExampleGamesCommitStaysWithinSixLines() throws {
        // The commit that added the game's module file; absent in a copy without history.
        let log = try Self.git(["log", "--format=%H", "--diff-filter=A", "--", "Sources/Games/Example/ExampleGameModule.swift"],
                               in: RepositoryRoot.path)
        guard log.status == 0, let commit = log.standardOutput.split(separator: "\n").last.map(String.init) else { return }
        let outcome = try Subprocess.run(Self.script, [commit], in: RepositoryRoot.path, timeout: 60)
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("Example: 6 lines changed outside its folders (limit 6)"), "\(outcome.standardOutput)")
    }

    @Test func aGameThatTouchesMoreFailsTheScript() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.git(["init", "-q"], in: folder)
        try "base\n".write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        _ = try Self.git(["add", "."], in: folder)
        _ = try Self.git(["commit", "-qm", "base"], in: folder)
        try FileManager.default.createDirectory(atPath: folder + "/Sources/Games/Kite", withIntermediateDirectories: true)
        try "struct Kite {}\n".write(toFile: folder + "/Sources/Games/Kite/Kite.swift", atomically: true, encoding: .utf8)
        try "base\n1\n2\n3\n4\n5\n6\n7\n".write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        _ = try Self.git(["add", "."], in: folder)
        _ = try Self.git(["commit", "-qm", "kite"], in: folder)
        let outcome = try Subprocess.run(Self.script, ["HEAD"], in: folder, timeout: 60)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("Kite: 7 lines changed outside its folders (limit 6), 1 inside"))
    }
}
