import Audio
import Output
import Scene
import Testing

/// The scene's sound cues: a sound is panned by where it happens on the scene's own canvas,
/// so rendering at another size pans it the same.
@Suite struct SceneSoundtrackTests {
    @Test func theSoundIsTheSameAtEverySize() throws {
        let scene = try SceneLoader.parse(DefaultScene.yaml, fileName: "default.yaml")
        let own = SceneSoundtrack.cues(of: scene, width: nil, height: nil, framesPerSecond: nil, through: 300)
        let larger = SceneSoundtrack.cues(of: scene, width: scene.canvasWidth * 2, height: scene.canvasHeight * 2,
                                          framesPerSecond: nil, through: 300)
        #expect(own.contains { $0.pan != 0 }, "the default scene pans some of its sounds")
        #expect(own == larger)
    }
}
