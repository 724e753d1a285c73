import Foundation
import ImageDiff
import Output

/// `aria-render check`: renders every golden frame of every scene and compares it with its
/// golden, writing the actual and diff PNGs of the frames that do not pass to a report folder.
public struct GoldenChecker {
    /// The manifest being checked.
    public let manifest: GoldenManifest
    /// Where frames come from.
    public let source: GoldenFrameSource
    /// Where actual and diff PNGs go (nil: nowhere).
    public let reportFolder: String?
    /// Asked before each frame: a signal number there stops the check with `OutputError.interrupted`.
    public var stop: () -> Int32? = { nil }
    /// What is compared: frames, traces (and rules), sound.
    public var parts: GoldenParts = .all
    /// Where runs come from for the trace, sound and rules (none checked when nil).
    public var runSource: GoldenRunSource?

    /// A checker of `manifest`'s scenes rendered by `source` (which also runs them, when it can).
    public init(manifest: GoldenManifest, source: GoldenFrameSource, reportFolder: String?) {
        self.manifest = manifest
        self.source = source
        self.reportFolder = reportFolder
        runSource = source as? GoldenRunSource
    }

    /// Checks the scenes of `slice` in order, comparing `parts` (of a scene whose run another
    /// slice checks, the frames only), and hands each result to `body` as it ends. Throws as `check(_:)`.
    public mutating func check(_ slice: GoldenCheckSlice, parts: GoldenParts, _ body: (GoldenSceneResult) -> Void) throws {
        for scene in slice.scenes {
            self.parts = slice.runs.contains(scene.name) ? parts : parts.intersection(.frames)
            body(try check(scene))
        }
    }

    /// Checks one scene. Throws `GoldenSourceError` when its frames cannot be produced, and
    /// `ImageFileError` when a report file cannot be written; a scene stopped half way leaves
    /// nothing in the report folder (what it wrote is no result).
    public func check(_ scene: GoldenScene) throws -> GoldenSceneResult {
        do { return try checkWhole(scene) } catch {
            if let reportFolder { scene.removeReportFolder(in: reportFolder) }
            throw error
        }
    }

    private func checkWhole(_ scene: GoldenScene) throws -> GoldenSceneResult {
        let started = Date()
        var results: [GoldenFrameResult] = []
        // The cheap checks first: the trace, sound and rules need no pixel drawn.
        var run = GoldenRunResult()
        if let runSource {
            if let signal = stop() { throw OutputError.interrupted(signal: signal) }
            run = try GoldenRunChecker(manifest: manifest, source: runSource, reportFolder: reportFolder, parts: parts).check(scene)
        }
        var frameStarted = Date()
        if parts.contains(.frames) {
            try source.renderFrames(of: scene, scenePath: manifest.scenePath(scene), frames: scene.frames) { frame, actual in
                if let signal = stop() { throw OutputError.interrupted(signal: signal) }
                var result = try checkFrame(scene, frame, actual)
                result.seconds = Date().timeIntervalSince(frameStarted)
                results.append(result)
                frameStarted = Date()
            }
        }
        var result = GoldenSceneResult(scene: scene, frames: results, seconds: 0)
        result.run = run
        result.seconds = Date().timeIntervalSince(started)
        return result
    }

    private func checkFrame(_ scene: GoldenScene, _ frame: Int, _ actual: RGBAImage) throws -> GoldenFrameResult {
        let goldenPath = manifest.goldenPath(scene, frame: frame)
        var result = GoldenFrameResult(frame: frame, status: .passed, comparison: nil, goldenPath: goldenPath)
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            result.status = .missing
            result.restoreCommand = GoldenRestoreHint.command(for: goldenPath)
            result.actualPath = try writeReportImage(actual, scene, frame, "actual")
            return result
        }
        let golden: RGBAImage
        do { golden = try PNGImageFile.read(goldenPath) } catch let error as ImageFileError {
            result.status = .unreadable(error.description)
            result.restoreCommand = GoldenRestoreHint.command(for: goldenPath)
            result.actualPath = try writeReportImage(actual, scene, frame, "actual")
            return result
        }
        guard golden.width == actual.width, golden.height == actual.height else {
            result.status = .wrongSize(golden: "\(golden.width)x\(golden.height)", actual: "\(actual.width)x\(actual.height)")
            result.actualPath = try writeReportImage(actual, scene, frame, "actual")
            result.goldenCopyPath = try copyGolden(goldenPath, scene, frame)
            return result
        }
        let (comparison, passed) = GoldenFrameComparison.compare(golden: golden, actual: actual, scene: scene,
                                                                 makeDiffImage: reportFolder != nil)
        result.comparison = comparison
        if !passed {
            result.status = .failed
            result.actualPath = try writeReportImage(actual, scene, frame, "actual")
            result.goldenCopyPath = try copyGolden(goldenPath, scene, frame)
            if let diff = comparison.diffImage { result.diffPath = try writeReportImage(diff, scene, frame, "diff") }
        }
        result.comparison?.diffImage = nil  // keep results small; the diff is on disk
        return result
    }

    /// Copies the golden PNG beside the actual, so the report does not depend on `Golden/`.
    private func copyGolden(_ goldenPath: String, _ scene: GoldenScene, _ frame: Int) throws -> String? {
        guard let folder = try ReportSceneFolder.make(reportFolder, scene) else { return nil }
        let path = folder + "/" + GoldenScene.fileName(frame: frame).replacingOccurrences(of: ".png", with: "_golden.png")
        try ReportSceneFolder.copy(goldenPath, to: path)
        return path
    }

    private func writeReportImage(_ image: RGBAImage, _ scene: GoldenScene, _ frame: Int, _ kind: String) throws -> String? {
        guard let folder = try ReportSceneFolder.make(reportFolder, scene) else { return nil }
        let path = folder + "/" + GoldenScene.fileName(frame: frame).replacingOccurrences(of: ".png", with: "_\(kind).png")
        try PNGImageFile.write(image, to: path)
        return path
    }
}
