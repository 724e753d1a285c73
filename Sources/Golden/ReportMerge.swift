import Foundation

/// The reports of several `check --shard` slices joined into one: results read back from each
/// slice's `results.json`, their images copied under one folder, each scene's frames together
/// in frame order and the scenes in manifest order.
public enum ReportMerge {
    /// The merged results of the report folders `sources`, their actual and diff images copied
    /// into `destination` (where the merged reports will be written).
    public static func merge(_ sources: [String], scenes: [GoldenScene], into destination: String) throws -> [GoldenSceneResult] {
        var byScene: [String: GoldenSceneResult] = [:]
        var seen: [String: String] = [:]
        let manager = FileManager.default
        try manager.createDirectory(atPath: destination, withIntermediateDirectories: true)
        for source in sources {
            for var result in try GoldenResultsFile.read(source + "/" + GoldenResultsFile.fileName, scenes: scenes, reportFolder: source) {
                for index in result.frames.indices {
                    let key = "\(result.scene.name) frame \(result.frames[index].frame)"
                    if let other = seen[key] {
                        throw GoldenResultsFile.Failure(description: "\(key) is in both \(other) and \(source): the slices overlap")
                    }
                    seen[key] = source
                    result.frames[index].actualPath = try copy(result.frames[index].actualPath, from: source, to: destination)
                    result.frames[index].diffPath = try copy(result.frames[index].diffPath, from: source, to: destination)
                }
                if var known = byScene[result.scene.name] {
                    known.frames += result.frames
                    known.seconds += result.seconds
                    byScene[result.scene.name] = known
                } else {
                    byScene[result.scene.name] = result
                }
            }
        }
        return scenes.compactMap { scene in
            byScene[scene.name].map { result in
                var sorted = result
                sorted.frames.sort { $0.frame < $1.frame }
                return sorted
            }
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
