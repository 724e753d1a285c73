import Audio

/// The sound of a whole render encoded on its own, as a video of `format` would carry it:
/// the same PCM through the same encoder settings gives the same packets, so a video joined
/// from shards and muxed with this file sounds sample for sample like a single render.
public enum SoundtrackEncoder {
    /// Encodes `stream` to `path` (AAC in MP4 for `.mp4`, Opus in WebM for `.webm`).
    public static func encode(_ stream: SoundtrackStream, format: VideoFormat, to path: String, searchPath: String? = nil) throws {
        let container = format == .webm ? "webm" : "mp4"
        try FFmpegJob.run(["-f", "s16le", "-ar", "\(stream.sampleRate)", "-ac", "\(stream.channels)", "-i", "pipe:3"]
                          + format.audioEncoderArguments + ["-f", container],
                          writing: path, soundtrack: stream, searchPath: searchPath)
    }
}
