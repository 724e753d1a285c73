import Shards
import XCTest

final class ShardSpecTests: XCTestCase {
    func testSlicesCoverTheRangeContiguouslyWithoutOverlap() {
        for count in 1...9 {
            for range in [0..<300, 60..<120, 7..<16] where range.count >= count {
                let slices = (0..<count).map { ShardSpec(index: $0, count: count)!.slice(of: range) }
                XCTAssertEqual(slices.first?.lowerBound, range.lowerBound)
                XCTAssertEqual(slices.last?.upperBound, range.upperBound)
                for (a, b) in zip(slices, slices.dropFirst()) { XCTAssertEqual(a.upperBound, b.lowerBound) }
                let sizes = slices.map(\.count)
                XCTAssertLessThanOrEqual(sizes.max()! - sizes.min()!, 1, "\(count) of \(range)")
            }
        }
        XCTAssertEqual(ShardSpec(index: 1, count: 4)!.slice(of: 0..<10), 3..<6)
    }

    func testSplitByCostIsContiguousAndBalanced() {
        // The second half costs three times the first: the first shard takes more frames.
        let costs = Array(repeating: 1, count: 50) + Array(repeating: 3, count: 50)
        let split = ShardSpec(index: 0, count: 2)!.split(of: 100..<200, costs: costs)
        XCTAssertEqual(split, [100..<167, 167..<200])
        // Equal costs give the equal slices' sizes, within one frame.
        for count in 1...9 {
            for range in [0..<300, 7..<16] where range.count >= count {
                let slices = ShardSpec(index: 0, count: count)!.split(of: range, costs: Array(repeating: 5, count: range.count))
                XCTAssertEqual(slices.first?.lowerBound, range.lowerBound)
                XCTAssertEqual(slices.last?.upperBound, range.upperBound)
                for (a, b) in zip(slices, slices.dropFirst()) { XCTAssertEqual(a.upperBound, b.lowerBound) }
                XCTAssertLessThanOrEqual(slices.map(\.count).max()! - slices.map(\.count).min()!, 1, "\(count) of \(range)")
            }
        }
        // One frame carrying all the cost still leaves every shard a frame.
        let lopsided = ShardSpec(index: 0, count: 3)!.split(of: 0..<5, costs: [0, 0, 0, 0, 100])
        XCTAssertEqual(lopsided.map(\.count).min(), 1)
        XCTAssertEqual(lopsided.last?.upperBound, 5)
    }

    func testParsesAndRefusesSpellings() {
        XCTAssertEqual(ShardSpec(text: "2/4"), ShardSpec(index: 2, count: 4))
        for bad in ["4/4", "-1/4", "1/0", "1", "a/b", "1/2/3", ""] { XCTAssertNil(ShardSpec(text: bad), bad) }
    }

    func testSlurmArrayFromTheEnvironment() throws {
        XCTAssertEqual(try ShardEnvironment.shard(in: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "4"]), ShardSpec(index: 2, count: 4))
        // An array numbered 1-4 is still shards 0-3.
        XCTAssertEqual(try ShardEnvironment.shard(in: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "4"]),
                       ShardSpec(index: 0, count: 4))
    }

    func testKubernetesAndGitLab() throws {
        XCTAssertEqual(try ShardEnvironment.shard(in: ["JOB_COMPLETION_INDEX": "3"], count: 5), ShardSpec(index: 3, count: 5))
        XCTAssertEqual(try ShardEnvironment.shard(in: ["JOB_COMPLETION_INDEX": "0", "ARIA_SHARD_COUNT": "2"]), ShardSpec(index: 0, count: 2))
        XCTAssertEqual(try ShardEnvironment.shard(in: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "3"]), ShardSpec(index: 0, count: 3))
    }

    func testUnknownOrInconsistentEnvironmentNamesWhatWasSeen() {
        let cases: [([String: String], Int?, String)] = [
            ([:], nil, "none of SLURM_ARRAY_TASK_ID"),
            (["JOB_COMPLETION_INDEX": "1"], nil, "JOB_COMPLETION_INDEX=1"),
            (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "4"], nil, "SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_COUNT=4"),
            (["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"], 3, "says 4 shards but --shard auto/3"),
            (["CI_NODE_INDEX": "x", "CI_NODE_TOTAL": "2"], nil, "CI_NODE_INDEX is not a whole number"),
        ]
        for (environment, count, expected) in cases {
            XCTAssertThrowsError(try ShardEnvironment.shard(in: environment, count: count)) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains(expected), text)
                XCTAssertFalse(text.contains("\n"))
            }
        }
    }
}
