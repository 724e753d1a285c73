import Audio
import Output
import Trace

/// The scene's sound, live: each `sound` line of the trace becomes a cue for the sound loop,
/// which mixes it into the speaker's stream. Cues start with the next 10 ms block, since the
/// steps that made them have just run; the sound loop keeps its own pace, so a slow frame
/// never holds a sound back.
final class LiveSoundtrack {
    private let player: CuePlayer
    private let speaker: SpeakerConnection
    private let canvasWidth: Int

    /// The sounds of `bank` for a scene whose canvas is `canvasWidth` pixels wide (for stereo
    /// placement), played through `speaker`.
    init(speaker: SpeakerConnection, bank: SoundBank, canvasWidth: Int) {
        self.speaker = speaker
        player = CuePlayer(output: speaker, bank: bank)
        self.canvasWidth = max(1, canvasWidth)
    }

    /// Starts the sound loop.
    func start() { player.start() }

    /// Stops the sound loop (at most a second) and closes the speaker's stream once the loop
    /// no longer writes to it.
    func stop() {
        if player.stop() { speaker.close() }
    }

    /// Plays the sounds among `events`.
    func play(_ events: [TraceEvent]) {
        for event in events {
            if let cue = TraceSoundtrack.cue(from: event, canvasWidth: canvasWidth, time: player.renderedTime) { player.schedule(cue) }
        }
    }
}
