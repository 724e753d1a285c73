import Foundation
@testable import Golden
import ImageDiff
import PrincessGame
import TestSupport

/// A frame source that draws a disc whose colour depends on the frame, optionally failing
/// at one frame: for testing the QA workflow's bookkeeping. The real renderer is exercised
/// end to end by the `check` tests of the command.
struct DiscFrameSource: GoldenFrameSource {
    var colourShift: UInt8 = 0
    var failAtFrame: Int?

    func renderFrames(of scene: GoldenScene, scenePath: String, frames: [Int],
                      _ body: (Int, RGBAImage) throws -> Void) throws {
        for frame in frames {
            if frame == failAtFrame { throw GoldenSourceError.renderFailed("renderer failed at frame \(frame)") }
            let image = CraftedImage.disc(width: scene.width, height: scene.height,
                                          centreX: Double(scene.width) / 2, centreY: Double(scene.height) / 2,
                                          radius: Double(scene.height) / 4,
                                          colour: (200 &+ colourShift, UInt8(frame % 200), 90))
            try body(frame, image)
        }
    }
}

enum GoldenFolder {
    /// A fresh golden folder with a two-scene manifest.
    static func make(manifest: String? = nil) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aria-golden-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let text = manifest ?? """
        version: 1
        scenes:
          - name: first
            scene: first.yaml
            size: 64x48
            frames: {every: 10, until: 20, also: [5]}
          - name: second
            scene: second.yaml
            size: 48x32
            frames: [0, 3]
            tolerance: {threshold: 0.1, max_different_pixels: 2}
        """
        try text.write(toFile: folder + "/manifest.yaml", atomically: true, encoding: .utf8)
        return folder
    }

    static func files(_ folder: String) -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder + "/" + path) { result[path] = data }
        }
        return result
    }
}
