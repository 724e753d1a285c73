import Foundation
import ImageDiff

/// `results.json` beside a check's report: every frame's outcome in a form `report merge` can
/// read back, so the reports of `check --shard` slices become one report. Paths are relative
/// to the report folder (golden paths stay as they were). Each scene whose run was checked
/// carries its trace, sound and rule results under `run`; `parts` says what the check compared.
public enum GoldenResultsFile {
    /// The file name inside a report folder.
    public static let fileName = "results.json"

    /// What a results file holds: the parts compared, the `check --shard` slice it is (nil
    /// for a whole check or a merge) and each scene's results.
    public struct Contents {
        public var parts: GoldenParts
        public var shard: (index: Int, count: Int)?
        public var results: [GoldenSceneResult]
    }

    /// The results as JSON (pretty, keys sorted, ending in a newline); `reportFolder` is
    /// where the actual and diff images were written, `parts` what was compared, `shard` the
    /// slice checked (nil: all).
    public static func json(_ results: [GoldenSceneResult], parts: GoldenParts, shard: (index: Int, count: Int)? = nil,
                            reportFolder: String) throws -> [UInt8] {
        func relative(_ path: String?) -> String? { path.map { HTMLReport.relativePath($0, from: reportFolder) } }
        let scenes = results.map { result in
            SceneRecord(scene: result.scene.name, seconds: result.seconds, frames: result.frames.map { frame in
                FrameRecord(frame: frame.frame, golden: frame.goldenPath, seconds: frame.seconds,
                            actual: relative(frame.actualPath), diff: relative(frame.diffPath), status: frame.status,
                            comparison: frame.comparison)
            }, run: result.run.checked ? result.run.movingReportFiles { HTMLReport.relativePath($0, from: reportFolder) } : nil)
        }
        let root = Root(parts: GoldenParts.names.filter { parts.contains($0.1) }.map(\.0), scenes: scenes,
                        shard: shard.map { Slice(index: $0.index, count: $0.count) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array(try encoder.encode(root)) + [10]
    }

    /// The file's top: what wrote it, the parts compared, the scenes and the slice.
    private struct Root: Encodable {
        let kind = "aria-render check"
        let parts: [String]
        let scenes: [SceneRecord]
        let shard: Slice?
    }

    /// A `check --shard` slice: index I of count N.
    private struct Slice: Encodable {
        let index: Int
        let count: Int
    }

    /// One scene: its frames and, when its run was checked, the run's results.
    private struct SceneRecord: Encodable {
        let scene: String
        let seconds: Double
        let frames: [FrameRecord]
        let run: GoldenRunResult?
    }

    /// One frame's outcome; `actual` and `diff` are null when no image was written.
    private struct FrameRecord: Encodable {
        let frame: Int
        let golden: String
        let seconds: Double
        let actual: String?
        let diff: String?
        let status: GoldenFrameStatus
        let comparison: ImageComparison?

        private enum Key: String, CodingKey {
            case frame, golden, seconds, actual, diff, status, why, comparison
        }

        private enum ComparisonKey: String, CodingKey {
            case identical, sizeMismatch = "size_mismatch", different, antialiased, total, regions
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(frame, forKey: .frame)
            try container.encode(golden, forKey: .golden)
            try container.encode(seconds, forKey: .seconds)
            // Written as null, not left out, when there is no image.
            try container.encode(actual, forKey: .actual)
            try container.encode(diff, forKey: .diff)
            switch status {
            case .passed: try container.encode("passed", forKey: .status)
            case .failed: try container.encode("failed", forKey: .status)
            case .missing: try container.encode("missing", forKey: .status)
            case .unreadable(let why):
                try container.encode("unreadable", forKey: .status)
                try container.encode(why, forKey: .why)
            case .wrongSize(let golden, let actual):
                try container.encode("wrong_size", forKey: .status)
                try container.encode([golden, actual], forKey: .why)
            }
            if let comparison {
                var nested = container.nestedContainer(keyedBy: ComparisonKey.self, forKey: .comparison)
                try nested.encode(comparison.identical, forKey: .identical)
                try nested.encode(comparison.sizeMismatch, forKey: .sizeMismatch)
                try nested.encode(comparison.differentPixels, forKey: .different)
                try nested.encode(comparison.antialiasedPixels, forKey: .antialiased)
                try nested.encode(comparison.totalPixels, forKey: .total)
                try nested.encode(comparison.regions.map { [$0.x, $0.y, $0.width, $0.height, $0.pixels] }, forKey: .regions)
            }
        }
    }

    /// Why a results file cannot be read back.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads the results of `path` (a report folder's `results.json`), each scene looked up in
    /// `scenes` by name; image paths come back under `reportFolder`. A file without `parts`
    /// (written before runs were checked) compared the frames only.
    public static func read(_ path: String, scenes: [GoldenScene], reportFolder: String) throws -> Contents {
        func fail(_ why: String) -> Failure { Failure(description: "\(path): \(why)") }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("cannot read it (was `check` run with this --report?)") }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any], root["kind"] as? String == "aria-render check",
              let records = root["scenes"] as? [[String: Any]] else {
            throw fail("not the results of an aria-render check")
        }
        var parts: GoldenParts = []
        for name in root["parts"] as? [String] ?? ["frames"] {
            guard let part = GoldenParts.names.first(where: { $0.0 == name })?.1 else { throw fail("unknown part \(name)") }
            parts.insert(part)
        }
        let results = try records.map { record in
            guard let name = record["scene"] as? String, let frames = record["frames"] as? [[String: Any]] else { throw fail("a scene without its name or frames") }
            guard let scene = scenes.first(where: { $0.name == name }) else { throw fail("scene \"\(name)\" is not in the golden manifest") }
            let results = try frames.map { frame -> GoldenFrameResult in
                guard let number = frame["frame"] as? Int, let golden = frame["golden"] as? String, let status = frame["status"] as? String else {
                    throw fail("a frame of \(name) without its number, golden or status")
                }
                let why = frame["why"]
                let parsed: GoldenFrameStatus
                switch status {
                case "passed": parsed = .passed
                case "failed": parsed = .failed
                case "missing": parsed = .missing
                case "unreadable": parsed = .unreadable(why as? String ?? "")
                case "wrong_size":
                    let sizes = why as? [String] ?? ["?", "?"]
                    parsed = .wrongSize(golden: sizes.first ?? "?", actual: sizes.last ?? "?")
                default: throw fail("frame \(number) of \(name) has an unknown status \(status)")
                }
                var comparison: ImageComparison?
                if let c = frame["comparison"] as? [String: Any] {
                    let regions = (c["regions"] as? [[Int]] ?? []).filter { $0.count == 5 }
                        .map { DiffRegion(x: $0[0], y: $0[1], width: $0[2], height: $0[3], pixels: $0[4]) }
                    comparison = ImageComparison(identical: c["identical"] as? Bool ?? false, sizeMismatch: c["size_mismatch"] as? Bool ?? false,
                                                 differentPixels: c["different"] as? Int ?? 0, antialiasedPixels: c["antialiased"] as? Int ?? 0,
                                                 totalPixels: c["total"] as? Int ?? 0, regions: regions)
                }
                let image = { (key: String) in (frame[key] as? String).map { reportFolder + "/" + $0 } }
                return GoldenFrameResult(frame: number, status: parsed, comparison: comparison, goldenPath: golden,
                                         actualPath: image("actual"), diffPath: image("diff"), seconds: frame["seconds"] as? Double ?? 0)
            }
            var result = GoldenSceneResult(scene: scene, frames: results, seconds: record["seconds"] as? Double ?? 0)
            if let run = record["run"] {
                do {
                    let decoded = try JSONDecoder().decode(GoldenRunResult.self, from: JSONSerialization.data(withJSONObject: run))
                    result.run = decoded.movingReportFiles { reportFolder + "/" + $0 }
                } catch {
                    throw fail("the trace, sound and rule results of \(name) cannot be read (\(error))")
                }
            }
            return result
        }
        var shard: (index: Int, count: Int)?
        if let slice = root["shard"] as? [String: Any] {
            guard let index = slice["index"] as? Int, let count = slice["count"] as? Int, count > 0, (0..<count).contains(index) else {
                throw fail("a shard that is not a slice I of N")
            }
            shard = (index, count)
        }
        return Contents(parts: parts, shard: shard, results: results)
    }
}
