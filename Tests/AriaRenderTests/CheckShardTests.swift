import Foundation
import TestSupport
import Testing

/// `check --shard I/N` and `report merge`: slices of the golden frames checked apart, their
/// reports joined into the one a whole check writes.
@Suite struct CheckShardTests {
    @Test func slicesMergeIntoTheWholeChecksReportWithTheDifferenceInIt() throws {
        let folder = NSTemporaryDirectory() + "check-shard-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // A golden set with one frame that no longer matches.
        let golden = folder + "/Golden"
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Golden", toPath: golden)
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Scenes", toPath: folder + "/Scenes")
        let frames = try FileManager.default.contentsOfDirectory(atPath: golden + "/princess/default").filter { $0.hasSuffix(".png") }.sorted()
        try FileManager.default.removeItem(atPath: golden + "/princess/default/" + frames[0])
        try FileManager.default.copyItem(atPath: golden + "/princess/default/" + frames[2], toPath: golden + "/princess/default/" + frames[0])

        var slices: [String] = []
        var statuses: [Int32] = []
        for index in 0..<3 {
            let report = folder + "/slice-\(index)"
            let outcome = try AriaRenderTool.run(["check", "--golden", golden, "--report", report, "--shard", "auto"], in: folder,
                                                 environment: ["CI_NODE_INDEX": "\(index + 1)", "CI_NODE_TOTAL": "3"])
            statuses.append(outcome.status)
            slices.append(report)
        }
        // Only the first slice holds default's first frame.
        #expect(statuses == [1, 0, 0])
        let merged = try AriaRenderTool.run(["report", "merge"] + slices + ["-o", folder + "/merged", "--golden", golden], in: folder)
        #expect(merged.status == 1, "\(merged.standardError)")
        let whole = try AriaRenderTool.run(["check", "--golden", golden, "--report", folder + "/whole"], in: folder)
        #expect(whole.status == 1)

        func cases(_ report: String) throws -> [String] {
            let xml = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
            return xml.split(separator: "\n").filter { $0.contains("<testcase") }
                .map { $0.replacingOccurrences(of: #" time="[0-9.]+""#, with: "", options: .regularExpression) }
        }
        let mergedCases = try cases(folder + "/merged"), wholeCases = try cases(folder + "/whole")
        #expect(mergedCases == wholeCases)
        #expect(mergedCases.count >= 60)
        let junit = try String(contentsOfFile: folder + "/merged/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"failures="1""#) && junit.contains("FrameDiffers"))
        // The merged page shows the difference, with its images beside it.
        let html = try String(contentsOfFile: folder + "/merged/index.html", encoding: .utf8)
        let diff = try #require(html.range(of: #"princess/default/[^"]*diff[^"]*\.png"#, options: .regularExpression).map { String(html[$0]) })
        #expect(FileManager.default.fileExists(atPath: folder + "/merged/" + diff), "\(diff)")

        let overlap = try AriaRenderTool.run(["report", "merge", slices[0], slices[0], "-o", folder + "/bad", "--golden", golden], in: folder)
        #expect(overlap.status == 2 && overlap.standardError.contains("the slices overlap"))
        let absent = try AriaRenderTool.run(["report", "merge", folder + "/nowhere", "-o", folder + "/bad", "--golden", golden], in: folder)
        #expect(absent.status == 2 && absent.standardError.split(separator: "\n").count == 1)
    }
}
