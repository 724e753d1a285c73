import Catalogue
import Drawing
import Foundation
import GameKit
import Scene
import TestSupport
import Trace

/// What FindIt's tests share: a scene folder of their own with the example photos copied in,
/// scene text around a few lines, and a run stepped to a frame.
enum FindItFixtures {
    /// The example photos' folder in the repository.
    static let photos = RepositoryRoot.url.appendingPathComponent("Scenes/findit/photos")

    /// A fresh folder holding `photos/` (the example photos); removed by the caller.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("findit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: photos, to: folder.appendingPathComponent("photos"))
        return folder
    }

    /// Five photo paths of `item` (keys, bear, cup, ball).
    static func five(_ item: String) -> String {
        "[" + ["front", "back", "left", "right", "top"].map { "photos/\(item)-\($0).png" }.joined(separator: ", ") + "]"
    }

    /// A scene's text: the header, then `body`.
    static func text(_ body: String, duration: Double = 6) -> String {
        """
        version: 1
        game: findit
        canvas: {width: 360, height: 640, frame_rate: 30}
        duration: \(duration)
        \(body)
        """
    }

    /// `text` written as `name` in `folder` and opened by the catalogue.
    static func open(_ text: String, in folder: URL, name: String = "scene.yaml") throws -> OpenedScene {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try Catalogue.games.open(path: path)
    }

    /// The diagnostics of opening `text` in `folder` (empty when it opens).
    static func problems(_ text: String, in folder: URL) throws -> [String] {
        do {
            _ = try open(text, in: folder)
            return []
        } catch let errors as SceneErrors {
            return errors.diagnostics.map(\.description)
        }
    }

    /// The whole trace of `opened` up to `frame`, and the run (showing `frame`).
    static func run(_ opened: OpenedScene, to frame: Int, options: RunOptions = RunOptions()) throws -> (trace: [TraceEvent], run: any GameRun) {
        let run = try opened.makeRun(options)
        var trace = run.drainTrace()
        run.advance(toFrame: frame)
        trace += run.drainTrace()
        return (trace, run)
    }

    /// The repository's scene `name` (hunt, register, time-attack).
    static func scene(_ name: String) throws -> OpenedScene {
        try Catalogue.games.open(path: RepositoryRoot.url.appendingPathComponent("Scenes/findit/\(name).yaml").path)
    }
}
