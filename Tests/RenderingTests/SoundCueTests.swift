import Audio
import Catalogue
import GameKit
import Output
import Rendering
import Testing

/// The scene's sound cues: a sound is panned by where it happens on the scene's own canvas,
/// so rendering at another size pans it the same.
@Suite struct SoundCueTests {
    private func cues(width: Int? = nil, height: Int? = nil) throws -> [SoundCue] {
        let opened = try Catalogue.games.builtIn()
        let request = RenderRequest(recorded: try RecordedClaps(scene: opened.scene), game: opened.game,
                                    options: RunOptions(width: width, height: height))
        return try RenderJob(request).soundCues(through: 300)
    }

    @Test func theSoundIsTheSameAtEverySize() throws {
        let own = try cues()
        let larger = try cues(width: 2560, height: 1440)
        #expect(own.contains { $0.pan != 0 }, "the default scene pans some of its sounds")
        #expect(own == larger)
    }
}
