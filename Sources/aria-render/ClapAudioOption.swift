import ArgumentParser
import Audio
import GameKit
import Output

/// `--clap-audio FILE.wav` of `render` and `simulate`: a recording whose claps the scene
/// hears, instead of the scene's own `clap_audio`.
struct ClapAudioOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "A WAV recording whose claps the scene hears, at their times (instead of the scene's clap_audio).",
        valueName: "file.wav"))
    var clapAudio: String?

    /// `opened`'s scene with the claps of the recording (this option's, or the scene's
    /// `clap_audio`); a recording that cannot be read is bad input, named in one line.
    func apply(to opened: OpenedScene) throws -> RecordedClaps {
        do {
            return try RecordedClaps(scene: opened.scene, recording: clapAudio)
        } catch let error as AudioFileError {
            throw ToolFailure(.badInput, "clap audio: \(error.description)")
        }
    }
}
