import Foundation
import TestSupport
import Testing

/// `check --shard` with the golden traces, sound and rules: each scene's run is checked in one
/// slice, and `report merge` gives the verdict, JUnit cases and report sections an unsharded
/// check gives.
@Suite struct CheckShardRunTests {
    /// The JUnit test cases of a report, without their times.
    static func cases(_ report: String) throws -> [String] {
        let xml = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        return xml.split(separator: "\n").filter { $0.contains("<testcase") || $0.contains("<failure") || $0.contains("<error") }
            .map { $0.replacingOccurrences(of: #" time="[0-9.]+""#, with: "", options: .regularExpression) }
    }

    /// The trace, sound and rules sections of a report's index.html.
    static func runSections(_ report: String) throws -> [String] {
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        return html.components(separatedBy: "<div class=\"run ").dropFirst().map { $0.components(separatedBy: "</div>")[0] }
    }

    /// Checks the `count` slices one after another, slice I's report in `reports-I`.
    static func slices(_ count: Int, _ arguments: [String], in folder: String, reports: String) throws -> (folders: [String], statuses: [Int32]) {
        var folders: [String] = [], statuses: [Int32] = []
        for index in 0..<count {
            let report = reports + "-\(index)"
            let outcome = try AriaRenderTool.run(["check", "--report", report, "--shard", "\(index)/\(count)"] + arguments, in: folder)
            #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
            folders.append(report)
            statuses.append(outcome.status)
        }
        return (folders, statuses)
    }

    @Test func theRealGoldensInTwoSlicesMergeIntoTheWholeCheck() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let golden = RepositoryRoot.path + "/Golden"
        let root = RepositoryRoot.path
        let (slices, statuses) = try Self.slices(2, ["--golden", golden], in: root, reports: folder + "/slice")
        #expect(statuses == [0, 0])
        let merged = try AriaRenderTool.run(["report", "merge"] + slices + ["-o", folder + "/merged", "--golden", golden], in: root)
        let whole = try AriaRenderTool.run(["check", "--golden", golden, "--report", folder + "/whole"], in: root)
        #expect(merged.status == 0 && whole.status == 0, "\(merged.standardError)")
        let scenes = whole.standardOutput.split(separator: "\n").filter { $0.hasPrefix("ok  ") }.count
        #expect(scenes >= 8)
        #expect(merged.standardOutput.contains("\(scenes) traces, \(scenes) soundtracks"), "\(merged.standardOutput)")
        let mergedCases = try Self.cases(folder + "/merged"), wholeCases = try Self.cases(folder + "/whole")
        #expect(mergedCases == wholeCases)
        // Each scene's trace and sound are one case, checked in one slice.
        #expect(mergedCases.filter { $0.contains(#"name="trace.jsonl""#) }.count == scenes)
        #expect(mergedCases.filter { $0.contains(#"name="sound.flac""#) }.count == scenes)
        #expect(mergedCases.filter { $0.contains(#"name="rule "#) }.count >= 10 * scenes)
        let runs = try slices.map { try Self.cases($0).filter { $0.contains(#"name="trace.jsonl""#) }.count }
        #expect(runs.reduce(0, +) == scenes && runs.allSatisfy { $0 > 0 }, "\(runs)")

        // Without frames the scenes are sliced: each slice gets whole scenes.
        let (traces, traceStatuses) = try Self.slices(3, ["--golden", golden, "--only", "traces"], in: root, reports: folder + "/traces")
        #expect(traceStatuses == [0, 0, 0])
        let tracesMerged = try AriaRenderTool.run(["report", "merge"] + traces + ["-o", folder + "/traces-merged", "--golden", golden], in: root)
        let tracesWhole = try AriaRenderTool.run(["check", "--golden", golden, "--only", "traces", "--report", folder + "/traces-whole"], in: root)
        #expect(tracesMerged.status == 0 && tracesWhole.status == 0, "\(tracesMerged.standardError)")
        let tracesMergedCases = try Self.cases(folder + "/traces-merged"), tracesWholeCases = try Self.cases(folder + "/traces-whole")
        #expect(tracesMergedCases == tracesWholeCases)
        let perSlice = try traces.map { try Self.cases($0).filter { $0.contains(#"name="trace.jsonl""#) }.count }
        #expect(perSlice.reduce(0, +) == scenes && perSlice.allSatisfy { $0 > 0 }, "\(perSlice)")
        let tooMany = try AriaRenderTool.run(["check", "--golden", golden, "--only", "traces", "--shard", "0/\(scenes + 1)",
                                              "--report", folder + "/none"], in: root)
        #expect(tooMany.status == 2 && tooMany.standardError.contains("scenes (no frames drawn)"), "\(tooMany.standardError)")
    }

    @Test func anAlteredGoldenTraceLineIsInTheMergedReportOnce() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Golden", toPath: folder + "/Golden")
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Scenes", toPath: folder + "/Scenes")
        // clapping-crowd's frames lie in both of two slices; its second golden trace line moves luna.
        let tracePath = folder + "/Golden/princess/clapping-crowd/trace.jsonl"
        var lines = try String(contentsOfFile: tracePath, encoding: .utf8).components(separatedBy: "\n")
        #expect(lines[1].contains(#""character":"luna""#) && lines[1].contains(#""x":480,"#))
        lines[1] = lines[1].replacingOccurrences(of: #""x":480,"#, with: #""x":481,"#)
        try lines.joined(separator: "\n").write(toFile: tracePath, atomically: true, encoding: .utf8)

        let (slices, statuses) = try Self.slices(2, [], in: folder, reports: folder + "/slice")
        #expect(statuses.sorted() == [0, 1], "exactly one slice checks clapping-crowd's trace")
        let merged = try AriaRenderTool.run(["report", "merge"] + slices + ["-o", "merged"], in: folder)
        let whole = try AriaRenderTool.run(["check", "--report", "whole"], in: folder)
        #expect(merged.status == 1 && whole.status == 1, "\(merged.standardOutput) \(merged.standardError)")
        #expect(merged.standardOutput.contains("1 trace, sound or rule problem;"), "\(merged.standardOutput)")

        let mergedCases = try Self.cases(folder + "/merged"), wholeCases = try Self.cases(folder + "/whole")
        #expect(mergedCases == wholeCases)
        #expect(mergedCases.filter { $0.contains("<failure") }.count == 1)
        #expect(mergedCases.filter { $0.contains(#"type="TraceDiffers""#) }.count == 1)
        let junit = try String(contentsOfFile: folder + "/merged/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"<testsuite name="princess/clapping-crowd""#) && junit.contains(#"failures="1""#))
        // The report shows the difference once, as the whole check's does, linking the run's trace.
        let sections = try Self.runSections(folder + "/merged"), wholeSections = try Self.runSections(folder + "/whole")
        #expect(sections.count == 1 && sections == wholeSections)
        let link = try #require(sections.first?.range(of: #"princess/clapping-crowd/[^"]*\.jsonl"#, options: .regularExpression)
            .map { String(sections[0][$0]) })
        #expect(FileManager.default.fileExists(atPath: folder + "/merged/" + link), "\(link)")
        #expect(sections[0].contains("481"))

        // A slice that left the runs out: the scenes whose first frame it holds have their run checked in no slice.
        let framesOnly = try AriaRenderTool.run(["check", "--report", "frames-1", "--shard", "1/2", "--only", "frames"], in: folder)
        #expect(framesOnly.status == 0)
        let gap = try AriaRenderTool.run(["report", "merge", slices[0], "frames-1", "-o", "gap"], in: folder)
        #expect(gap.status == 2 && gap.standardError.contains("slices of checks with different --only"), "\(gap.standardError)")
        #expect(gap.standardError.split(separator: "\n").count == 1 && !FileManager.default.fileExists(atPath: folder + "/gap"))
        // A slice of another sharded check is said as such, not as an overlap.
        #expect(try AriaRenderTool.run(["check", "--report", "third-0", "--shard", "0/3", "--only", "traces"], in: folder).status != 2)
        let counts = try AriaRenderTool.run(["report", "merge", slices[1], "third-0", "-o", "counts"], in: folder)
        #expect(counts.status == 2 && counts.standardError.contains("slices of different counts"), "\(counts.standardError)")
        #expect(!counts.standardError.contains("overlap"))
        let twice = try AriaRenderTool.run(["report", "merge", slices[0], slices[1], slices[0], "-o", "twice"], in: folder)
        #expect(twice.status == 2 && twice.standardError.contains("the slices overlap"))
        let missing = try AriaRenderTool.run(["report", "merge", slices[1], "-o", "missing"], in: folder)
        #expect(missing.status == 2 && missing.standardError.contains("slice 0/2 is missing"), "\(missing.standardError)")
    }
}
