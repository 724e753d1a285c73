import Foundation
import ImageDiff
import Scene

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

    /// The results as JSON (pretty, keys sorted, ending in a newline); `reportFolder` is
    /// where the actual and diff images were written, `parts` what was compared, `shard` the
    /// slice checked (nil: all).
    public static func json(_ results: [GoldenSceneResult], parts: GoldenParts, shard: (index: Int, count: Int)? = nil,
                            reportFolder: String) throws -> [UInt8] {
        func relative(_ path: String?) -> String? { path.map { HTMLReport.relativePath($0, from: reportFolder) } }
        let scenes = results.map { result in
            SceneRecord(scene: result.scene.name, seconds: result.seconds, frames: result.frames.map { frame in
                FrameRecord(frame: frame.frame, golden: frame.goldenPath, seconds: frame.seconds,
                            goldenCopy: relative(frame.goldenCopyPath), actual: relative(frame.actualPath),
                            diff: relative(frame.diffPath), status: frame.status, comparison: frame.comparison,
                            restore: frame.restoreCommand)
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
    private struct Slice: Codable {
        let index: Int
        let count: Int
    }

    /// One scene: its frames and, when its run was checked, the run's results.
    private struct SceneRecord: Codable {
        let scene: String
        let seconds: Double
        let frames: [FrameRecord]
        let run: GoldenRunResult?

        init(scene: String, seconds: Double, frames: [FrameRecord], run: GoldenRunResult?) {
            self.scene = scene
            self.seconds = seconds
            self.frames = frames
            self.run = run
        }

        private enum CodingKeys: String, CodingKey { case scene, seconds, frames, run }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            scene = try container.decode(String.self, forKey: .scene)
            seconds = try container.decodeIfPresent(Double.self, forKey: .seconds) ?? 0
            frames = try container.decode([FrameRecord].self, forKey: .frames)
            run = try container.decodeIfPresent(GoldenRunResult.self, forKey: .run)
        }
    }

    /// One frame's outcome; `golden_copy`, `actual` and `diff` are null when no image was
    /// written (`golden_copy` is absent from files written before goldens were copied).
    private struct FrameRecord: Codable {
        let frame: Int
        let golden: String
        let seconds: Double
        let goldenCopy: String?
        let actual: String?
        let diff: String?
        let status: GoldenFrameStatus
        let comparison: ImageComparison?
        var restore: String?

        private enum Key: String, CodingKey {
            case frame, golden, seconds, goldenCopy = "golden_copy", actual, diff, status, why, comparison, restore
        }

        private enum ComparisonKey: String, CodingKey {
            case identical, sizeMismatch = "size_mismatch", different, antialiased, total, regions
        }

        init(frame: Int, golden: String, seconds: Double, goldenCopy: String?, actual: String?, diff: String?,
             status: GoldenFrameStatus, comparison: ImageComparison?, restore: String?) {
            self.restore = restore
            self.frame = frame
            self.golden = golden
            self.seconds = seconds
            self.goldenCopy = goldenCopy
            self.actual = actual
            self.diff = diff
            self.status = status
            self.comparison = comparison
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            frame = try container.decode(Int.self, forKey: .frame)
            golden = try container.decode(String.self, forKey: .golden)
            seconds = try container.decodeIfPresent(Double.self, forKey: .seconds) ?? 0
            goldenCopy = try container.decodeIfPresent(String.self, forKey: .goldenCopy)
            actual = try container.decodeIfPresent(String.self, forKey: .actual)
            diff = try container.decodeIfPresent(String.self, forKey: .diff)
            restore = try container.decodeIfPresent(String.self, forKey: .restore)
            switch try container.decode(String.self, forKey: .status) {
            case "passed": status = .passed
            case "failed": status = .failed
            case "missing": status = .missing
            case "unreadable": status = .unreadable(try container.decodeIfPresent(String.self, forKey: .why) ?? "")
            case "wrong_size":
                let sizes = try container.decodeIfPresent([String].self, forKey: .why) ?? ["?", "?"]
                status = .wrongSize(golden: sizes.first ?? "?", actual: sizes.last ?? "?")
            case let other:
                throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [Key.status],
                                                        debugDescription: "frame \(frame): unknown status \(other)"))
            }
            if container.contains(.comparison) {
                let nested = try container.nestedContainer(keyedBy: ComparisonKey.self, forKey: .comparison)
                let regions = try (nested.decodeIfPresent([[Int]].self, forKey: .regions) ?? []).filter { $0.count == 5 }
                    .map { DiffRegion(x: $0[0], y: $0[1], width: $0[2], height: $0[3], pixels: $0[4]) }
                comparison = ImageComparison(
                    identical: try nested.decodeIfPresent(Bool.self, forKey: .identical) ?? false,
                    sizeMismatch: try nested.decodeIfPresent(Bool.self, forKey: .sizeMismatch) ?? false,
                    differentPixels: try nested.decodeIfPresent(Int.self, forKey: .different) ?? 0,
                    antialiasedPixels: try nested.decodeIfPresent(Int.self, forKey: .antialiased) ?? 0,
                    totalPixels: try nested.decodeIfPresent(Int.self, forKey: .total) ?? 0, regions: regions)
            } else {
                comparison = nil
            }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(frame, forKey: .frame)
            try container.encode(golden, forKey: .golden)
            try container.encode(seconds, forKey: .seconds)
            // Written as null, not left out, when there is no image.
            try container.encode(goldenCopy, forKey: .goldenCopy)
            try container.encode(actual, forKey: .actual)
            try container.encode(diff, forKey: .diff)
            try container.encodeIfPresent(restore, forKey: .restore)
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
    /// (written before runs were checked) compared the frames only. A wrong value is reported
    /// as `path:line:column: what`, by the scene files' JSON reader.
    public static func read(_ path: String, scenes: [GoldenScene], reportFolder: String) throws -> Contents {
        guard let data = FileManager.default.contents(atPath: path) else {
            // A check that stopped removed its results and wrote a report that says so.
            let junit = FileManager.default.contents(atPath: reportFolder + "/junit.xml").map { String(decoding: $0, as: UTF8.self) } ?? ""
            if junit.contains("CheckStopped") {
                throw Failure(description: "\(path): the last check into \(reportFolder) stopped before its end (its index.html says why), "
                              + "so it has no results to take; run check again")
            }
            throw Failure(description: "\(path): cannot read it (was `check` run with this --report?)")
        }
        func fail(_ position: SourcePosition, _ why: String) -> Failure {
            Failure(description: "\(path):\(position.line):\(position.column): \(why)")
        }
        let root: DocumentNode
        switch JSONDocumentReader.read(String(decoding: data, as: UTF8.self), whenEmpty: "the file is empty; expected the results of an aria-render check") {
        case .success(let node): root = node
        case .failure(let error): throw fail(error.position, error.message)
        }
        let file: FileRecord
        do {
            file = try DocumentDecoder(file: path, quotedTexts: true).decode(FileRecord.self, from: root)
        } catch let errors as SceneErrors {
            throw Failure(description: errors.diagnostics.first?.description ?? "\(path): not the results of an aria-render check")
        }
        guard file.kind == "aria-render check" else { throw fail(root.position, "not the results of an aria-render check") }
        var parts: GoldenParts = []
        for name in file.parts ?? ["frames"] {
            guard let part = GoldenParts.names.first(where: { $0.0 == name })?.1 else { throw fail(root.position, "unknown part \(name)") }
            parts.insert(part)
        }
        let sceneNodes = root.member("scenes")?.items ?? []
        let results = try zip(file.scenes, sceneNodes).map { record, node in
            guard let scene = scenes.first(where: { $0.name == record.scene }) else {
                throw fail(node.member("scene")?.position ?? node.position, "scene \"\(record.scene)\" is not in the golden manifest")
            }
            let image = { (path: String?) in path.map { reportFolder + "/" + $0 } }
            let frames = record.frames.map { frame in
                GoldenFrameResult(frame: frame.frame, status: frame.status, comparison: frame.comparison, goldenPath: frame.golden,
                                  goldenCopyPath: image(frame.goldenCopy), actualPath: image(frame.actual),
                                  diffPath: image(frame.diff), seconds: frame.seconds, restoreCommand: frame.restore)
            }
            var result = GoldenSceneResult(scene: scene, frames: frames, seconds: record.seconds)
            if let run = record.run { result.run = run.movingReportFiles { reportFolder + "/" + $0 } }
            return result
        }
        var shard: (index: Int, count: Int)?
        if let slice = file.shard {
            guard slice.count > 0, (0..<slice.count).contains(slice.index) else {
                throw fail(root.member("shard")?.position ?? root.position, "a shard that is not a slice I of N")
            }
            shard = (slice.index, slice.count)
        }
        return Contents(parts: parts, shard: shard, results: results)
    }

    /// The names of the scenes the results file of the report `folder` lists; none when there
    /// is no such file or it cannot be read.
    public static func sceneNames(inReport folder: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let scenes = root["scenes"] as? [[String: Any]] else { return [] }
        return scenes.compactMap { $0["scene"] as? String }
    }

    /// The file as `read` takes it: `parts` absent in files written before runs were checked.
    private struct FileRecord: Decodable {
        let kind: String
        let parts: [String]?
        let scenes: [SceneRecord]
        let shard: Slice?
    }
}

private extension DocumentNode {
    /// The value of `key` in a mapping.
    func member(_ key: String) -> DocumentNode? {
        guard case .mapping(let pairs) = value else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The items of a list; none for anything else.
    var items: [DocumentNode] {
        if case .sequence(let items) = value { return items }
        return []
    }
}
