import Audio
import Output
import Trace

/// A golden scene run without drawing: its whole trace, the settings it started with, and
/// what its soundtrack is made from. What `check` compares with `trace.jsonl` and
/// `sound.flac`, and what rules are checked against.
public struct GoldenRun: Sendable {
    /// Every event of the run, in order.
    public var trace: [TraceEvent]
    /// The settings the scene starts with, by the trace's names and as it writes their values.
    public var settings: [String: String]
    /// The game's sounds, which the soundtrack is made of.
    public var sounds: SoundBank
    /// The scene's canvas width (sound cues are panned by where they happen on it).
    public var canvasWidth: Int
    /// Output frames per second.
    public var framesPerSecond: Int
    /// Frames in the run.
    public var frameCount: Int
    /// The scene file's own rules.
    public var rules: [SceneRule]
    /// In a shared session, the peer whose sound the soundtrack is (the first, as `render`
    /// plays it); nil outside a session.
    public var listener: String? = nil

    /// A run from its parts.
    public init(trace: [TraceEvent], settings: [String: String], sounds: SoundBank, canvasWidth: Int, framesPerSecond: Int,
                frameCount: Int, rules: [SceneRule] = []) {
        self.rules = rules
        self.trace = trace
        self.settings = settings
        self.sounds = sounds
        self.canvasWidth = canvasWidth
        self.framesPerSecond = framesPerSecond
        self.frameCount = frameCount
    }

    /// The soundtrack's samples per second.
    public var sampleRate: Int { sounds.sampleRate }

    /// Seconds the run lasts.
    public var duration: Double { Double(frameCount) / Double(framesPerSecond) }

    /// The trace as `trace.jsonl` holds it.
    public var traceText: String { trace.map { $0.jsonLine + "\n" }.joined() }

    /// The soundtrack's cues, from the trace's sound events (as `render` makes them).
    public var cues: [SoundCue] {
        trace.filter { $0.peer == listener }.compactMap { TraceSoundtrack.cue(from: $0, canvasWidth: canvasWidth) }
    }

    /// The whole soundtrack as 16-bit little-endian stereo PCM, as `render -o x.wav` writes it.
    public func soundtrackPCM() -> [UInt8] {
        var stream = TraceSoundtrack.stream(cues, bank: sounds, frames: 0..<frameCount, framesPerSecond: framesPerSecond)
        var bytes: [UInt8] = []
        while let block = stream.nextBytes() { bytes += block }
        return bytes
    }
}

/// Where `check` and `golden update` get a scene's run: the simulation, stepped to the end
/// without drawing.
public protocol GoldenRunSource {
    /// Runs the scene at `scenePath`. Throws `GoldenSourceError`.
    func run(of scene: GoldenScene, scenePath: String) throws -> GoldenRun
}
