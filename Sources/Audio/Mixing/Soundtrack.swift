/// Renders the cues between `start` and `start + duration` seconds into a 16-bit stereo
/// 48 kHz WAV at `path`, block by block (memory does not grow with the duration). Sound that
/// began before `start` is heard from where it is, so a slice matches the whole.
public func writeSoundtrack(cues: [SoundCue], from start: Double, duration: Double, volume: Double,
                            enabled: Bool, to path: String) throws {
    let mixer = CueMixer(cues: cues, from: start, volume: volume, enabled: enabled)
    let writer = try WAVWriter(path: path, sampleRate: mixer.sampleRate, channels: 2)
    var remaining = max(0, Int((duration * Double(mixer.sampleRate)).rounded()))
    var block: [Float] = []
    while remaining > 0 {
        let frames = min(remaining, 4_800)
        mixer.render(into: &block, frameCount: frames)
        try writer.write(block)
        remaining -= frames
    }
    try writer.finish()
}
