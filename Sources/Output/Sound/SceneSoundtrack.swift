import Audio
import Foundation
import Render
import Scene
import Vocabulary

/// The sound of a scene: its trace's sound events turned into cues for the mixer. Shared by
/// `render` (a soundtrack file muxed into the video) and `demo` (cues played live).
public enum SceneSoundtrack {
    /// How far a cue at the canvas edge is panned: not all the way, which sounds harsh.
    public static let panWidth: Float = 0.6

    /// The cue a trace event asks for, or nil when it is not a sound: its pan from where on
    /// the canvas it happened, its gain the scene's volume, its time the event's (or `time`,
    /// for a live player's own clock).
    public static func cue(from event: TraceEvent, canvasWidth: Int, time: Double? = nil) -> Audio.SoundCue? {
        guard case .sound(let sound)? = event.kind else { return nil }
        var pan: Float = 0
        if let x = sound.x, canvasWidth > 0 {
            // In Double, as the trace carries it: the same soundtrack, sample for sample.
            pan = Float(max(-1, min(1, Double(x) / Double(canvasWidth) * 2 - 1))) * panWidth
        }
        let gain = Float(max(0, min(1, sound.volume)))
        return Audio.SoundCue(time: time ?? event.t, effect: sound.sound, pan: pan, gain: gain)
    }

    /// Every cue of a scene up to the end of frame `lastFrame`, found by simulating without
    /// drawing (cheap next to rendering).
    public static func cues(of scene: SceneDescription, width: Int?, height: Int?, framesPerSecond: Int?,
                     through lastFrame: Int) -> [Audio.SoundCue] {
        let simulation = SceneSimulation(scene: scene, width: width, height: height, framesPerSecond: framesPerSecond)
        var cues: [Audio.SoundCue] = []
        for frame in 0...max(0, lastFrame) {
            simulation.advance(toFrame: frame)
            cues += simulation.drainTrace().compactMap { cue(from: $0, canvasWidth: scene.canvasWidth) }
        }
        return cues
    }

    /// The sound of `frames`, made as it is read (for a video's sound track, streamed to ffmpeg).
    public static func stream(_ cues: [Audio.SoundCue], frames: Range<Int>, framesPerSecond: Int) -> SoundtrackStream {
        SoundtrackStream(cues: cues, from: Double(frames.lowerBound) / Double(framesPerSecond),
                         duration: Double(frames.count) / Double(framesPerSecond))
    }

    /// Writes the sound of `frames` as a 48 kHz stereo WAV at `path`, never half-written.
    public static func write(_ cues: [Audio.SoundCue], frames: Range<Int>, framesPerSecond: Int, to path: String) throws {
        try StagedFile.prepareFolder(StagedFile.folder(of: path))
        let temporary = StagedFile.temporaryName(for: path)
        do {
            try writeSoundtrack(stream(cues, frames: frames, framesPerSecond: framesPerSecond), to: temporary)
        } catch {
            unlink(temporary)
            throw OutputError.unwritable("cannot write \(path): \(error)")
        }
        try StagedFile.commit(temporary, to: path)
    }
}
