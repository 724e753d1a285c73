import Foundation
import TestSupport

/// A golden folder with one reference scene, a copy of the gestures example scene (so a
/// test can change one thing in it), and a manifest with `more` appended.
enum GestureGoldenFolder {
    static func make(size: String, frames: String, more: String = "") throws -> URL {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        let scene = RepositoryRoot.url.appendingPathComponent("Scenes/princess/gestures.yaml")
        try FileManager.default.copyItem(at: scene, to: folder.appendingPathComponent("scene.yaml"))
        try """
        version: 1
        scenes:
          - {name: gestures, scene: scene.yaml, size: \(size), frames: \(frames)}
        \(more)
        """.write(to: folder.appendingPathComponent("manifest.yaml"), atomically: true, encoding: .utf8)
        return folder
    }
}
