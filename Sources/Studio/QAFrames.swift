import Foundation
import GameKit
import Golden
import ImageDiff
import Output

/// The QA view: for a scene of the golden manifest, each golden frame beside the frame the
/// scene file makes now and their diff, compared as `check` compares them
/// (`GoldenFrameComparison` under the manifest's tolerances, frames drawn by
/// `SimulatedGoldenSource` at the golden size). Worked out once per version of the scene.
final class QAFrames: @unchecked Sendable {
    /// One golden frame compared.
    struct Frame {
        let frame: Int
        let passed: Bool
        let differentPixels: Int
        let golden: Data
        let actual: Data
        let diff: Data
    }

    let goldenFolder: String
    private let catalogue: GameCatalogue
    private let scratch: String
    private let lock = NSLock()
    private var computed: (generation: Int, path: String, name: String, frames: [Frame])?

    /// The QA view of the manifest in `goldenFolder`.
    init(goldenFolder: String, catalogue: GameCatalogue) {
        self.goldenFolder = goldenFolder
        self.catalogue = catalogue
        scratch = NSTemporaryDirectory() + "aria-studio-qa-\(getpid())-\(UUID().uuidString.prefix(8))"
    }

    deinit { try? FileManager.default.removeItem(atPath: scratch) }

    /// Whether the manifest has a scene of the file at `path` (read anew, nothing rendered).
    func hasScene(_ path: String) -> Bool {
        guard let manifest = try? GoldenManifestReader.read(folder: goldenFolder, games: catalogue) else { return false }
        let real = ServedFolder.realPath(path)
        return manifest.scenes.contains { ServedFolder.realPath(manifest.scenePath($0)) == real }
    }

    /// The comparisons of the scene file at `path` as version `generation`; nil when the
    /// manifest has no scene of that file. Throws when the manifest or a golden cannot be read.
    func frames(of path: String, generation: Int) throws -> (name: String, frames: [Frame])? {
        lock.lock(); defer { lock.unlock() }
        if let computed, computed.generation == generation, computed.path == path { return (computed.name, computed.frames) }
        let manifest = try GoldenManifestReader.read(folder: goldenFolder, games: catalogue)
        let real = ServedFolder.realPath(path)
        guard let scene = manifest.scenes.first(where: { ServedFolder.realPath(manifest.scenePath($0)) == real }) else { return nil }
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        var frames: [Frame] = []
        try SimulatedGoldenSource(games: catalogue).renderFrames(of: scene, scenePath: path, frames: scene.frames) { frame, actual in
            let golden = try PNGImageFile.read(manifest.goldenPath(scene, frame: frame))
            let (comparison, passed) = GoldenFrameComparison.compare(golden: golden, actual: actual, scene: scene)
            frames.append(Frame(frame: frame, passed: passed, differentPixels: comparison.differentPixels,
                                golden: try png(golden), actual: try png(actual), diff: try comparison.diffImage.map(png) ?? Data()))
        }
        computed = (generation, path, scene.name, frames)
        return (scene.name, frames)
    }

    private func png(_ image: RGBAImage) throws -> Data {
        let file = scratch + "/\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try PNGImageFile.write(image, to: file)
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }
}
