/// Renders the cues between `start` and `start + duration` seconds into a 16-bit stereo
/// 48 kHz WAV at `path`, block by block (memory does not grow with the duration). The mix
/// runs from the beginning and the part before `start` is discarded, so the limiter is in
/// the same state as in a whole render and a slice matches the whole sample for sample.
public func writeSoundtrack(cues: [SoundCue], from start: Double, duration: Double, volume: Double,
                            enabled: Bool, to path: String) throws {
    let mixer = CueMixer(cues: cues, from: 0, volume: volume, enabled: enabled)
    let writer = try WAVWriter(path: path, sampleRate: mixer.sampleRate, channels: 2)
    let rate = Double(mixer.sampleRate)
    var block: [Float] = []
    var skipped = 0
    let lead = max(0, Int((start * rate).rounded()))
    while skipped < lead {
        let frames = min(lead - skipped, 4_800)
        mixer.render(into: &block, frameCount: frames)
        skipped += frames
    }
    var remaining = max(0, Int(((start + duration) * rate).rounded())) - lead
    while remaining > 0 {
        let frames = min(remaining, 4_800)
        mixer.render(into: &block, frameCount: frames)
        try writer.write(block)
        remaining -= frames
    }
    try writer.finish()
}
