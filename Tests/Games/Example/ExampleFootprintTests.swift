import Foundation
import TestSupport
import Testing

/// scripts/new-game-footprint.sh finds a game by the line its branch adds to the catalogue,
/// counts every commit of the branch since it left its base, and counts only what lies outside
/// the game's folders: the example game's commit touched Package.swift and the catalogue (and
/// the guide it came with), and a game with more outside fails.
@Suite struct ExampleFootprintTests {
    static let script = RepositoryRoot.path + "/scripts/new-game-footprint.sh"

    static func git(_ arguments: [String], in folder: String) throws -> Subprocess.Result {
        try Subprocess.run("/usr/bin/env", ["git", "-c", "user.name=test", "-c", "user.email=test@example.com"] + arguments,
                           in: folder, timeout: 60)
    }

    static func write(_ text: String, _ path: String, in folder: String) throws {
        let url = URL(fileURLWithPath: folder + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    static func commit(_ message: String, in folder: String) throws {
        _ = try git(["add", "-A"], in: folder)
        _ = try git(["commit", "-qm", message], in: folder)
    }

    static let catalogue = "import GameKit\nimport PrincessGame\n\npublic enum Catalogue {\n    public static let games = GameCatalogue([\n        PrincessGameModule(),\n    ])\n}\n"

    /// A repository whose main has a package and a catalogue, and a branch `kite` that adds the
    /// game "Kite" (id `kite-flyer`, not its folder's name in lower case) over two commits.
    static func kiteRepository(packageLines: Int) throws -> String {
        let folder = try makeTemporaryFolder()
        _ = try git(["init", "-q", "-b", "main"], in: folder)
        try write("base\n", "Package.swift", in: folder)
        try write(catalogue, "Sources/Catalogue/Catalogue.swift", in: folder)
        try commit("base", in: folder)
        _ = try git(["checkout", "-qb", "kite"], in: folder)
        try write("struct KiteGameModule {\n    let info = GameInfo(id: \"kite-flyer\", displayName: \"Kite\")\n}\n",
                  "Sources/Games/Kite/KiteGameModule.swift", in: folder)
        try write("base\n" + (1...packageLines).map { "\($0)\n" }.joined(), "Package.swift", in: folder)
        try write(catalogue.replacingOccurrences(of: "        PrincessGameModule(),\n", with: "        PrincessGameModule(),\n        KiteGameModule(),\n")
                    .replacingOccurrences(of: "import GameKit\n", with: "import GameKit\nimport KiteGame\n"),
                  "Sources/Catalogue/Catalogue.swift", in: folder)
        try commit("kite", in: folder)
        try write("version: 1\ngame: kite-flyer\n", "Scenes/kite-flyer/wind.yaml", in: folder)
        try write("version: 1\nscenes: []\n", "Golden/kite-flyer/manifest.yaml", in: folder)
        try write("# Kite\n", "docs/games/kite-flyer.md", in: folder)
        try write("@Test func flies() {}\n", "Tests/Games/Kite/KiteTests.swift", in: folder)
        try commit("kite's scene, golden, page and test", in: folder)
        // Main moves on meanwhile: not the game's doing.
        _ = try git(["checkout", "-q", "main"], in: folder)
        try write("other\n", "README.md", in: folder)
        try commit("other work", in: folder)
        _ = try git(["checkout", "-q", "kite"], in: folder)
        return folder
    }

    @Test func theExampleGamesCommitTouchedOnlyThePackageTheCatalogueAndTheGuide() throws {
        // The commit that added the game's module file; absent in a copy without history.
        let log = try Self.git(["log", "--format=%H", "--diff-filter=A", "--", "Sources/Games/Example/ExampleGameModule.swift"],
                               in: RepositoryRoot.path)
        guard log.status == 0, let commit = log.standardOutput.split(separator: "\n").last.map(String.init) else { return }
        let outcome = try Subprocess.run(Self.script, ["--base", commit + "~1", commit], environment: ["LIMIT": "1000"],
                                         in: RepositoryRoot.path, timeout: 60)
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        let outside = outcome.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  ") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(outside.map { $0[1] } == ["Package.swift", "Sources/Catalogue/Catalogue.swift", "docs/games/new-game.md"], "\(outcome.standardOutput)")
        #expect(outside.prefix(2).map { $0[0] } == ["4", "2"], "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("Example (example): "), "\(outcome.standardOutput)")
    }

    @Test func aBranchIsCountedSinceItLeftMainWithTheGamesOwnFolders() throws {
        let folder = try Self.kiteRepository(packageLines: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try Subprocess.run(Self.script, [], in: folder, timeout: 60)
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.standardOutput == "     1  Package.swift\n     2  Sources/Catalogue/Catalogue.swift\n"
                + "Kite (kite-flyer): 3 lines changed outside its folders (limit 3), 9 inside\n", "\(outcome.standardOutput)")
        let base = try Subprocess.run(Self.script, ["--base", "main", "kite"], in: folder, timeout: 60)
        #expect(base.standardOutput == outcome.standardOutput)
    }

    @Test func aGameThatTouchesMoreFailsTheScript() throws {
        let folder = try Self.kiteRepository(packageLines: 2)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try Subprocess.run(Self.script, [], in: folder, timeout: 60)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("Kite (kite-flyer): 4 lines changed outside its folders (limit 3), 9 inside"),
                "\(outcome.standardOutput)")
    }

    @Test func aBranchThatAddsNoGameIsBadInput() throws {
        let folder = try Self.kiteRepository(packageLines: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try Subprocess.run(Self.script, ["--base", "kite", "main"], in: folder, timeout: 60)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("adds no game to the catalogue"), "\(outcome.standardError)")
    }
}
