import Catalogue
import Foundation
import Golden
import Princess
import TestSupport
import Testing

/// results.json carries a scene's trace, sound and rule results whole, with the report's files
/// relative to its folder: what `report merge` reads back is what the check found.
@Suite struct GoldenResultsFileTests {
    @Test func aRunThatDiffersEverywhereReadsBackTheSame() throws {
        let manifest = try GoldenRunRegressionTests().goldenCopy()
        let temporary = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let report = temporary + "/report"
        var checker = GoldenChecker(manifest: manifest, source: SimulatedGoldenSource(games: Catalogue.games), reportFolder: report)
        checker.parts = [.traces, .sound]
        checker.runSource = GoldenRunRegressionTests.RegressedSource(regression: GoldenRunRegressionTests.lateMagic)
        let scene = try #require(manifest.scenes.first { $0.name == "princess/face-magic" })
        let checked = try checker.check(scene)
        let run = checked.run
        #expect(!(run.trace?.differences ?? []).isEmpty && !(run.sound?.differences ?? []).isEmpty)
        let broken = try #require(run.rules.first { !$0.violations.isEmpty })
        #expect((broken.violations.first?.events.count ?? 0) > 0)
        let picture = try #require(run.sound?.picturePath)

        let json = try GoldenResultsFile.json([checked], parts: [.traces, .sound], shard: (1, 3), reportFolder: report)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains(#""princess\/face-magic\/sound_diff.png""#) && !text.contains(report), "paths are relative to the report")

        // Read back from another place, as `report merge` reads a slice's folder.
        let moved = report + "-moved"
        try FileManager.default.moveItem(atPath: report, toPath: moved)
        try Data(json).write(to: URL(fileURLWithPath: moved + "/" + GoldenResultsFile.fileName))
        let contents = try GoldenResultsFile.read(moved + "/" + GoldenResultsFile.fileName, scenes: manifest.scenes, reportFolder: moved)
        #expect(contents.parts == [.traces, .sound])
        #expect(contents.shard.map { [$0.index, $0.count] } == [1, 3])
        let back = try #require(contents.results.first).run
        #expect(back.sound?.picturePath == moved + "/princess/face-magic/sound_diff.png")
        #expect(FileManager.default.fileExists(atPath: try #require(back.sound?.picturePath)))
        #expect(picture == report + "/princess/face-magic/sound_diff.png")
        #expect(back.movingReportFiles { $0.replacingOccurrences(of: moved, with: report) } == run)
        #expect(back.problems == run.problems && back.details == run.details && back.summary == run.summary)
    }

    @Test func aRunThatCannotBeReadIsOneLineAboutTheFile() throws {
        let manifest = try GoldenRunRegressionTests().goldenCopy()
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + GoldenResultsFile.fileName
        let text = #"{"kind": "aria-render check", "parts": ["traces"], "scenes": [{"scene": "princess/default", "frames": [], "run": {"rules": "none"}}]}"#
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try GoldenResultsFile.read(path, scenes: manifest.scenes, reportFolder: folder)
        } throws: { error in
            let description = "\(error)"
            // Where the wrong value is: `rules` of the first scene's run, line 1, column 124 (counted by Python).
            return description.hasPrefix(path + ":1:124: scenes[0].run.rules: expected a list, found 'none'") && !description.contains("\n")
        }
    }
}
