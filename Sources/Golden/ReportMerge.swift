import Foundation

/// The reports of several `check --shard` slices joined into one: results read back from each
/// slice's `results.json`, their images (the goldens' copies too) and sounds copied under one folder, each scene's frames together
/// in frame order and the scenes in manifest order. Each scene's trace, sound and rules come
/// from the one slice that checked them.
public enum ReportMerge {
    /// The merged results of the report folders `sources`, their actual and diff images (and
    /// the run's report files) copied into `destination` (where the merged reports will be
    /// written). Throws `GoldenResultsFile.Failure` when slices overlap, or when the runs were
    /// checked but a scene's run is in no slice, or when they are slices of different checks
    /// (other slice counts, other `--only`).
    public static func merge(_ sources: [String], scenes: [GoldenScene], into destination: String) throws -> GoldenResultsFile.Contents {
        // Every slice is read and checked against the others before anything is copied, so a
        // merge that fails leaves nothing half-written.
        var slices: [(source: String, contents: GoldenResultsFile.Contents)] = []
        var seen: [String: String] = [:]
        var runSeen: [String: String] = [:]
        var parts: GoldenParts = []
        for source in sources {
            let contents = try GoldenResultsFile.read(source + "/" + GoldenResultsFile.fileName, scenes: scenes, reportFolder: source)
            // Slices of different checks are said as such first: they would otherwise show up
            // as frames or runs in two slices, an "overlap" that sends the reader looking elsewhere.
            if let first = slices.first {
                if let mine = contents.shard, let theirs = first.contents.shard, mine.count != theirs.count {
                    throw GoldenResultsFile.Failure(description: "\(first.source) is a slice of \(theirs.count) but \(source) of \(mine.count): "
                                                    + "slices of different counts; merge the slices of one sharded check")
                }
                if contents.parts != first.contents.parts {
                    func names(_ parts: GoldenParts) -> String { GoldenParts.names.filter { parts.contains($0.1) }.map(\.0).joined(separator: ",") }
                    throw GoldenResultsFile.Failure(description: "\(first.source) compared \(names(first.contents.parts)) but \(source) "
                                                    + "\(names(contents.parts)): slices of checks with different --only; merge the slices of one check")
                }
            }
            parts.formUnion(contents.parts)
            if let shard = contents.shard, let other = slices.first(where: { $0.contents.shard.map { $0 == shard } ?? false }) {
                throw GoldenResultsFile.Failure(description: "\(other.source) and \(source) are both slice \(shard.index)/\(shard.count): the slices overlap")
            }
            for result in contents.results {
                if result.run.checked {
                    if let other = runSeen[result.scene.name] {
                        throw GoldenResultsFile.Failure(description: "the trace, sound and rules of \(result.scene.name) were checked in both \(other) "
                                                        + "and \(source): the slices overlap")
                    }
                    runSeen[result.scene.name] = source
                }
                for frame in result.frames {
                    let key = "\(result.scene.name) frame \(frame.frame)"
                    if let other = seen[key] {
                        throw GoldenResultsFile.Failure(description: "\(key) is in both \(other) and \(source): the slices overlap")
                    }
                    seen[key] = source
                }
            }
            slices.append((source, contents))
        }
        try checkComplete(slices.compactMap { slice in slice.contents.shard.map { ($0.index, $0.count, slice.source) } })
        if !parts.isDisjoint(with: [.traces, .sound]),
           let unchecked = scenes.first(where: { scene in
               runSeen[scene.name] == nil && slices.contains { $0.contents.results.contains { $0.scene.name == scene.name } }
           }) {
            throw GoldenResultsFile.Failure(description: "the trace, sound and rules of \(unchecked.name) were checked in no slice of "
                                            + "\(sources.joined(separator: ", ")): a slice is missing")
        }

        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        var byScene: [String: GoldenSceneResult] = [:]
        for (source, contents) in slices {
            for var result in contents.results {
                result.run = try result.run.movingReportFiles { try copy($0, from: source, to: destination) }
                for index in result.frames.indices {
                    result.frames[index].actualPath = try copy(result.frames[index].actualPath, from: source, to: destination)
                    result.frames[index].diffPath = try copy(result.frames[index].diffPath, from: source, to: destination)
                    result.frames[index].goldenCopyPath = try copy(result.frames[index].goldenCopyPath, from: source, to: destination)
                }
                if var known = byScene[result.scene.name] {
                    known.frames += result.frames
                    known.seconds += result.seconds
                    if result.run.checked { known.run = result.run }
                    byScene[result.scene.name] = known
                } else {
                    byScene[result.scene.name] = result
                }
            }
        }
        let results = scenes.compactMap { scene in
            byScene[scene.name].map { result in
                var sorted = result
                sorted.frames.sort { $0.frame < $1.frame }
                return sorted
            }
        }
        return GoldenResultsFile.Contents(parts: parts, results: results)
    }

    /// Throws unless the sharded slices among those merged are all N slices of one check.
    private static func checkComplete(_ slices: [(index: Int, count: Int, source: String)]) throws {
        guard let first = slices.first else { return }
        if let other = slices.first(where: { $0.count != first.count }) {
            throw GoldenResultsFile.Failure(description: "\(first.source) is a slice of \(first.count) but \(other.source) of \(other.count): "
                                            + "merge the slices of one sharded check")
        }
        if let absent = (0..<first.count).first(where: { index in !slices.contains { $0.index == index } }) {
            throw GoldenResultsFile.Failure(description: "slice \(absent)/\(first.count) is missing: merge the reports of all \(first.count) slices")
        }
    }

    /// Copies an image of a slice's report to the same place under `destination`.
    private static func copy(_ path: String?, from source: String, to destination: String) throws -> String? {
        guard let path else { return nil }
        let relative = HTMLReport.relativePath(path, from: source)
        let target = destination + "/" + relative
        guard URL(fileURLWithPath: path).standardized.path != URL(fileURLWithPath: target).standardized.path else { return target }
        let manager = FileManager.default
        try manager.createDirectory(atPath: URL(fileURLWithPath: target).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try? manager.removeItem(atPath: target)
        do { try manager.copyItem(atPath: path, toPath: target) } catch {
            throw GoldenResultsFile.Failure(description: "cannot copy \(path) to \(target): \(error.localizedDescription)")
        }
        return target
    }
}
