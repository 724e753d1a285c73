import Audio
import Foundation
import Trace
import Vocabulary

/// The sound of a run: its trace's `sound` events turned into cues for the mixer, whatever
/// the game. Shared by `render` (a soundtrack muxed into the video), `check` (the golden
/// sound) and `demo` (cues played live).
public enum TraceSoundtrack {
    /// How far a cue at the canvas edge is panned: not all the way, which sounds harsh.
    public static let panWidth: Float = 0.6

    /// The cue a trace event asks for, or nil when it is not a sound: a game's `sound` event
    /// (not a line made by hand or read back), its name, its pan from where on the canvas it
    /// happened (`x`), its gain the `volume` it was played at, its time the event's (or
    /// `time`, for a live player's own clock).
    public static func cue(from event: TraceEvent, canvasWidth: Int, time: Double? = nil) -> Audio.SoundCue? {
        guard event.typed != nil, event.event == "sound", let name = event.text("sound") else { return nil }
        var pan: Float = 0
        if let x = event["x"]?.numeric, canvasWidth > 0 {
            // In Double, as the trace carries it: the same soundtrack, sample for sample.
            pan = Float(max(-1, min(1, x / Double(canvasWidth) * 2 - 1))) * panWidth
        }
        let gain = Float(max(0, min(1, event["volume"]?.numeric ?? 1)))
        return Audio.SoundCue(time: time ?? event.t, sound: SoundName(rawValue: name), pan: pan, gain: gain)
    }

    /// The sound of `frames` made from `bank`, made as it is read (for a video's sound track,
    /// streamed to ffmpeg).
    public static func stream(_ cues: [Audio.SoundCue], bank: SoundBank, frames: Range<Int>,
                              framesPerSecond: Int) -> SoundtrackStream {
        SoundtrackStream(cues: cues, bank: bank, from: Double(frames.lowerBound) / Double(framesPerSecond),
                         duration: Double(frames.count) / Double(framesPerSecond))
    }

    /// Writes the sound of `frames` as a 48 kHz stereo WAV at `path`, never half-written.
    public static func write(_ cues: [Audio.SoundCue], bank: SoundBank, frames: Range<Int>, framesPerSecond: Int,
                             to path: String) throws {
        try StagedFile.prepareFolder(StagedFile.folder(of: path))
        let temporary = StagedFile.temporaryName(for: path)
        do {
            try writeSoundtrack(stream(cues, bank: bank, frames: frames, framesPerSecond: framesPerSecond), to: temporary)
        } catch {
            unlink(temporary)
            throw OutputError.unwritable("cannot write \(path): \(error)")
        }
        try StagedFile.commit(temporary, to: path)
    }
}
