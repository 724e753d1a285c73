import Audio

/// A scene with the claps of its recording in its timeline: the one step from "scene and
/// WAV recording" to "scene that hears them", shared by `render`, `simulate` and the golden
/// frames, for any game that listens for claps. The recording is the scene's `clap_audio`
/// unless another is given; its claps are heard by the real detector (`ClapRecording`) at the
/// scene's starting clap sensitivity and added at their times with the source "mic"
/// (`GameScene.addingClaps`), the recording starting with the scene. Nothing of the recording
/// reaches the soundtrack: it is what the microphone heard, not a sound the scene makes.
public struct RecordedClaps: Sendable {
    /// The scene with the claps in its timeline (the scene as given when there is no recording).
    public let scene: any GameScene
    /// The WAV file whose claps were heard, or nil when there is none.
    public let recording: String?
    /// Every clap heard in the recording, in time order (those past the scene's end included;
    /// the timeline leaves them out).
    public let claps: [ClapEvent]

    /// `scene` with the claps of `recording` (or, when it is nil, of the scene's own
    /// `clap_audio`; a recording given replaces it as the scene's). Throws `AudioFileError`
    /// when the recording cannot be read.
    public init(scene: any GameScene, recording: String? = nil) throws {
        let file = recording ?? scene.header.clapAudio
        self.recording = file
        guard let file else {
            self.scene = scene
            claps = []
            return
        }
        let sensitivity = scene.clapSensitivity.flatMap(ClapSensitivity.init(rawValue:)) ?? .medium
        claps = try ClapRecording.claps(inFile: file, sensitivity: sensitivity)
        self.scene = scene.addingClaps(at: claps.map(\.time), source: "mic", recording: file)
    }
}
