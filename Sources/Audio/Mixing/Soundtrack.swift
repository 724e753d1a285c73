/// Renders the cues between `start` and `start + duration` seconds into a 16-bit stereo
/// 48 kHz WAV at `path`, block by block (memory does not grow with the duration); the same
/// samples `SoundtrackStream` gives a video as it is encoded.
public func writeSoundtrack(cues: [SoundCue], bank: SoundBank, from start: Double, duration: Double, volume: Double,
                            enabled: Bool, to path: String) throws {
    try writeSoundtrack(SoundtrackStream(cues: cues, bank: bank, from: start, duration: duration, volume: volume,
                                         enabled: enabled), to: path)
}

/// Writes what is left of `stream` as a 16-bit WAV at `path`, block by block.
public func writeSoundtrack(_ stream: SoundtrackStream, to path: String) throws {
    var stream = stream
    let writer = try WAVWriter(path: path, sampleRate: stream.sampleRate, channels: stream.channels)
    while let block = stream.nextSamples() { try writer.write(block) }
    try writer.finish()
}
