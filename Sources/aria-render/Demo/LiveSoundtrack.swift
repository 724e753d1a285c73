import Audio
import Scene

/// The scene's sound, live: each `sound` line of the trace becomes a cue for the sound loop,
/// which mixes it into the speaker's stream. Cues start with the next 10 ms block, since the
/// steps that made them have just run; the sound loop keeps its own pace, so a slow frame
/// never holds a sound back.
final class LiveSoundtrack {
    private let player: CuePlayer
    private let canvasWidth: Float

    /// Sound for a scene whose canvas is `canvasWidth` pixels wide (for stereo placement),
    /// played into `output`.
    init(output: AudioOutput, canvasWidth: Int) {
        player = CuePlayer(output: output)
        self.canvasWidth = Float(max(1, canvasWidth))
    }

    /// Starts the sound loop.
    func start() { player.start() }

    /// Stops the sound loop (at most a second).
    func stop() { player.stop() }

    /// Plays the sounds among `events`.
    func play(_ events: [TraceEvent]) {
        for event in events where event.event == "sound" {
            guard let cue = Self.cue(for: event, canvasWidth: canvasWidth, at: player.renderedTime) else { continue }
            player.schedule(cue)
        }
    }

    /// The cue of a `sound` trace line, at `time` of the sound loop: its effect by name, its
    /// pan from where on the canvas it happened (-1 left edge … 1 right edge), its gain the
    /// scene's volume. Nil for a name the sound bank does not know.
    static func cue(for event: TraceEvent, canvasWidth: Float, at time: Double) -> Audio.SoundCue? {
        guard let name = event.text("sound"), let effect = SoundEffect(rawValue: name) else { return nil }
        var pan: Float = 0
        if case .number(let x)? = event["x"] { pan = min(1, max(-1, Float(x) / canvasWidth * 2 - 1)) }
        var gain: Float = 1
        if case .number(let volume)? = event["volume"] { gain = Float(min(1, max(0, volume))) }
        return Audio.SoundCue(time: time, effect: effect, pan: pan, gain: gain)
    }
}
