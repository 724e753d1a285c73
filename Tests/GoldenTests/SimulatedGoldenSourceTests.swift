import Catalogue
import Foundation
@testable import Golden
import ImageDiff
import TestSupport
import Testing

/// The golden frames of a scene with a recording (`clap_audio`) hear its claps, as `render` does.
@Suite struct SimulatedGoldenSourceTests {
    private func frame(_ number: Int, of scenePath: String) throws -> RGBAImage {
        let scene = GoldenScene(name: "t", sceneFile: scenePath, width: 160, height: 90, frames: [number],
                                tolerance: GoldenTolerance(), regions: [])
        var image: RGBAImage?
        try SimulatedGoldenSource(games: Catalogue.games).renderFrames(of: scene, scenePath: scenePath, frames: [number]) { image = $1 }
        return try #require(image)
    }

    @Test func aScenesRecordingMakesItsCharactersJump() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recording = RepositoryRoot.path + "/Scenes/recordings/clapping-crowd.wav"
        let scene = "version: 1\ncanvas: {width: 1280, height: 720}\nduration: 2\n"
            + "characters:\n  - {id: luna, kind: luna, position: [640, 600]}\n"
        try scene.write(toFile: folder + "/deaf.yaml", atomically: true, encoding: .utf8)
        try (scene + "clap_audio: \(recording)\n").write(toFile: folder + "/hearing.yaml", atomically: true, encoding: .utf8)
        // Frame 22 (0.73 s): mid-flight after the recording's first clap (0.39 s).
        #expect(try frame(22, of: folder + "/hearing.yaml") != frame(22, of: folder + "/deaf.yaml"))
        #expect(try frame(0, of: folder + "/hearing.yaml") == frame(0, of: folder + "/deaf.yaml"))
    }

    @Test func aMissingRecordingIsABadScene() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "version: 1\nduration: 1\nclap_audio: gone.wav\n".write(toFile: folder + "/scene.yaml", atomically: true, encoding: .utf8)
        do {
            _ = try frame(0, of: folder + "/scene.yaml")
            Issue.record("a missing recording was not reported")
        } catch let error as GoldenSourceError {
            guard case .badScene(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.hasPrefix("scene t: clap audio: cannot read /") && message.hasSuffix("/gone.wav: No such file or directory"),
                    "\(message)")
        }
    }
}
