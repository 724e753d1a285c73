import Foundation
import ImageDiff

/// `results.json` beside a check's report: every frame's outcome in a form `report merge` can
/// read back, so the reports of `check --shard` slices become one report. Paths are relative
/// to the report folder (golden paths stay as they were; `golden_copy` is the golden's copy
/// inside the report). Each scene whose run was checked
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

    /// The results as JSON; `reportFolder` is where the actual and diff images were written,
    /// `parts` what was compared, `shard` the slice checked (nil: all).
    public static func json(_ results: [GoldenSceneResult], parts: GoldenParts, shard: (index: Int, count: Int)? = nil,
                            reportFolder: String) throws -> [UInt8] {
        func relative(_ path: String?) -> Any { path.map { HTMLReport.relativePath($0, from: reportFolder) } ?? NSNull() }
        let scenes: [[String: Any]] = try results.map { result in
            var scene: [String: Any] = ["scene": result.scene.name, "seconds": result.seconds, "frames": result.frames.map { frame -> [String: Any] in
                var record: [String: Any] = ["frame": frame.frame, "golden": frame.goldenPath, "seconds": frame.seconds,
                                             "actual": relative(frame.actualPath), "diff": relative(frame.diffPath),
                                             "golden_copy": relative(frame.goldenCopyPath)]
                switch frame.status {
                case .passed: record["status"] = "passed"
                case .failed: record["status"] = "failed"
                case .missing: record["status"] = "missing"
                case .unreadable(let why): record["status"] = "unreadable"; record["why"] = why
                case .wrongSize(let golden, let actual): record["status"] = "wrong_size"; record["why"] = [golden, actual]
                }
                if let c = frame.comparison {
                    record["comparison"] = ["identical": c.identical, "size_mismatch": c.sizeMismatch, "different": c.differentPixels,
                                            "antialiased": c.antialiasedPixels, "total": c.totalPixels,
                                            "regions": c.regions.map { [$0.x, $0.y, $0.width, $0.height, $0.pixels] }]
                }
                return record
            }]
            if result.run.checked {
                let run = result.run.movingReportFiles { HTMLReport.relativePath($0, from: reportFolder) }
                scene["run"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(run))
            }
            return scene
        }
        let partNames = GoldenParts.names.filter { parts.contains($0.1) }.map(\.0)
        var root: [String: Any] = ["kind": "aria-render check", "parts": partNames, "scenes": scenes]
        if let shard { root["shard"] = ["index": shard.index, "count": shard.count] }
        return Array(try JSONSerialization.data(withJSONObject: root,
                                                options: [.prettyPrinted, .sortedKeys])) + [10]
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
                                         goldenCopyPath: image("golden_copy"), actualPath: image("actual"), diffPath: image("diff"),
                                         seconds: frame["seconds"] as? Double ?? 0)
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
