import Foundation
import Output

/// What `golden update` did to one scene's goldens.
public struct GoldenUpdateResult: Equatable, Sendable {
    /// The scene's name.
    public var scene: String
    /// Frames whose golden was created.
    public var added: [Int]
    /// Frames whose golden now has different pixels.
    public var changed: [Int]
    /// Frames re-rendered with the same pixels.
    public var unchanged: [Int]
    /// Golden files dropped because the manifest no longer lists their frames.
    public var removed: [String]

    /// One line for the terminal.
    public var summaryLine: String {
        var parts: [String] = []
        if !changed.isEmpty { parts.append("\(changed.count) changed (frames \(changed.map(String.init).joined(separator: ", ")))") }
        if !added.isEmpty { parts.append("\(added.count) added") }
        if !removed.isEmpty { parts.append("\(removed.count) removed") }
        parts.append("\(unchanged.count) unchanged")
        return "\(scene): " + parts.joined(separator: ", ")
    }
}

/// `aria-render golden update`: re-renders golden frames atomically. Everything is first
/// written aside in a staging folder; only when every frame of every scene rendered are
/// the scene folders swapped in by renames, so a failure or interruption while rendering
/// leaves the old set as it was.
public struct GoldenUpdater {
    /// The manifest whose goldens are updated.
    public let manifest: GoldenManifest
    /// Where frames come from.
    public let source: GoldenFrameSource

    /// An updater of `manifest`'s goldens rendered by `source`.
    public init(manifest: GoldenManifest, source: GoldenFrameSource) {
        self.manifest = manifest
        self.source = source
    }

    /// Updates `scenes` (all of the manifest's when nil); with `missingOnly`, renders only
    /// the frames that have no golden yet. Throws `GoldenSourceError` or `ImageFileError`.
    public func update(scenes: [GoldenScene]? = nil, missingOnly: Bool = false) throws -> [GoldenUpdateResult] {
        let fileManager = FileManager.default
        removeAbandonedStaging()
        let staging = manifest.folder + "/.update-\(getpid())"
        try? fileManager.removeItem(atPath: staging)
        do { try fileManager.createDirectory(atPath: staging, withIntermediateDirectories: true) } catch {
            throw ImageFileError(description: "\(manifest.folder): cannot write to the golden folder")
        }
        defer { try? fileManager.removeItem(atPath: staging) }

        var results: [GoldenUpdateResult] = []
        for scene in scenes ?? manifest.scenes {
            results.append(try render(scene, into: staging + "/" + scene.name, missingOnly: missingOnly))
        }
        // Every frame rendered: swap the new files in.
        for scene in scenes ?? manifest.scenes {
            let fresh = staging + "/" + scene.name, live = manifest.folder + "/" + scene.name
            if missingOnly || !fileManager.fileExists(atPath: live) {
                try fileManager.createDirectory(atPath: live, withIntermediateDirectories: true)
                for name in (try? fileManager.contentsOfDirectory(atPath: fresh)) ?? [] {
                    try move(fresh + "/" + name, to: live + "/" + name)
                }
            } else {
                let retired = staging + "/retired-" + scene.name
                try move(live, to: retired)
                try move(fresh, to: live)
            }
        }
        let fingerprintPath = manifest.folder + "/" + LibraryFingerprint.fileName
        try write(LibraryFingerprint.current.yaml, to: fingerprintPath)
        return results
    }

    /// Staging folders left by updates that were killed: their process no longer exists.
    private func removeAbandonedStaging() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: manifest.folder)) ?? []
        for name in names where name.hasPrefix(".update-") {
            guard let pid = Int32(name.dropFirst(".update-".count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: manifest.folder + "/" + name)
        }
    }

    private func render(_ scene: GoldenScene, into folder: String, missingOnly: Bool) throws -> GoldenUpdateResult {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let frames = missingOnly
            ? scene.frames.filter { !fileManager.fileExists(atPath: manifest.goldenPath(scene, frame: $0)) }
            : scene.frames
        var result = GoldenUpdateResult(scene: scene.name, added: [], changed: [], unchanged: [], removed: [])
        if !frames.isEmpty {
            try source.renderFrames(of: scene, scenePath: manifest.scenePath(scene), frames: frames) { frame, image in
                try PNGImageFile.write(image, to: folder + "/" + GoldenScene.fileName(frame: frame))
                let goldenPath = manifest.goldenPath(scene, frame: frame)
                if let old = try? PNGImageFile.read(goldenPath) {
                    if old == image { result.unchanged.append(frame) } else { result.changed.append(frame) }
                } else {
                    result.added.append(frame)
                }
            }
        }
        if !missingOnly {
            let wanted = Set(scene.frames.map(GoldenScene.fileName(frame:)))
            let existing = (try? fileManager.contentsOfDirectory(atPath: manifest.folder + "/" + scene.name)) ?? []
            result.removed = existing.filter { $0.hasSuffix(".png") && !wanted.contains($0) }.sorted()
        }
        return result
    }

    private func move(_ from: String, to: String) throws {
        guard rename(from, to) == 0 else {
            throw ImageFileError(description: "\(to): cannot be replaced (\(String(cString: strerror(errno))))")
        }
    }

    private func write(_ text: String, to path: String) throws {
        do { try StagedFile.write(Array(text.utf8), to: path) } catch {
            throw ImageFileError(description: "\(error)")
        }
    }
}
