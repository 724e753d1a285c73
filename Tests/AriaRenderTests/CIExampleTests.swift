import Foundation
import TestSupport
import Testing
import Yams

/// deploy/ci: the GitLab `parallel:` and GitHub Actions matrix examples for `check --shard`,
/// parsed and checked for what makes the slices cover every frame and the merge see them all.
@Suite struct CIExampleTests {
    private func document(_ name: String) throws -> [String: Any] {
        let text = try String(contentsOfFile: RepositoryRoot.path + "/deploy/ci/" + name, encoding: .utf8)
        return try #require(try Yams.load(yaml: text) as? [String: Any])
    }

    @Test func gitLabRunsParallelSlicesThenMergesThem() throws {
        let pipeline = try document("gitlab-ci.yml")
        let check = try #require(pipeline["golden-check"] as? [String: Any])
        let count = try #require(check["parallel"] as? Int)
        #expect(count >= 2)
        let script = try #require(check["script"] as? [String]).joined(separator: "\n")
        #expect(script.contains("check --shard auto --report \"out/report-$CI_NODE_INDEX\""))
        let merge = try #require(pipeline["golden-report"] as? [String: Any])
        #expect(merge["needs"] as? [String] == ["golden-check"])
        #expect(merge["when"] as? String == "always")
        #expect(try #require(merge["script"] as? [String]).joined().contains("report merge out/report-* -o out/report"))
        let stages = try #require(pipeline["stages"] as? [String])
        #expect(stages.firstIndex(of: check["stage"] as? String ?? "")! < stages.firstIndex(of: merge["stage"] as? String ?? "")!)
    }

    @Test func gitHubMatrixCoversEveryShardOnce() throws {
        let workflow = try document("github-actions.yml")
        let jobs = try #require(workflow["jobs"] as? [String: Any])
        let check = try #require(jobs["check"] as? [String: Any])
        let matrix = try #require((check["strategy"] as? [String: Any])?["matrix"] as? [String: Any])
        let shards = try #require(matrix["shard"] as? [Int])
        let env = try #require(check["env"] as? [String: Any])
        let total = try #require(env["SHARDS"] as? Int)
        #expect(shards == Array(0..<total))
        let steps = try #require(check["steps"] as? [[String: Any]])
        #expect(steps.contains { ($0["run"] as? String)?.contains("check --shard ${{ matrix.shard }}/${{ env.SHARDS }}") == true })
        let report = try #require(jobs["report"] as? [String: Any])
        #expect(report["needs"] as? String == "check")
        let runs = try #require(report["steps"] as? [[String: Any]]).compactMap { $0["run"] as? String }
        #expect(runs.contains { $0.contains("report merge out/report-* -o out/report") })
    }
}
