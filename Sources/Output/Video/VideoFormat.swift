/// The video files ffmpeg makes, chosen by the output's extension.
public enum VideoFormat: String, CaseIterable, Sendable {
    /// H.264 in MP4, yuv420p, CRF 20 at x264's veryfast preset; sound as AAC.
    case mp4
    /// VP9 in WebM; sound as Opus.
    case webm
    /// An animated GIF with a palette made for the clip; no sound.
    case gif

    /// The format for a file name's extension, if it is a video one.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// Whether the video is encoded as yuv420p (so frames can be handed to ffmpeg in it).
    var encodesYUV420P: Bool { self != .gif }

    /// The size of the video written for frames of `width`×`height`: yuv420p halves the
    /// colour resolution, so an odd side gets one pixel of padding.
    public func writtenSize(width: Int, height: Int) -> (width: Int, height: Int) {
        encodesYUV420P ? (width + width % 2, height + height % 2) : (width, height)
    }

    /// Whether the format carries a sound track.
    public var carriesSound: Bool { self != .gif }

    /// What every YUV video says of its colours: BT.709 primaries, transfer and matrix, limited
    /// ("tv") range — the matrix `YUV420PBuffer` converts with, and what HD players assume.
    static let colourTags = ["-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-color_range", "tv"]

    /// How the sound is encoded (AAC for MP4, Opus for WebM): one place, so a soundtrack
    /// encoded alone for shards is the same, packet for packet, as a single render's.
    var audioEncoderArguments: [String] {
        self == .webm ? ["-c:a", "libopus", "-b:a", "128k"] : ["-c:a", "aac", "-b:a", "160k"]
    }

    /// The encoder settings of a video of this format with sound (`hasAudio`): what shard
    /// manifests record, so pieces encoded differently are not joined.
    public func settings(hasAudio: Bool, oddSize: Bool) -> [String] {
        encoderArguments(hasAudio: hasAudio, oddSize: oddSize)
    }

    /// ffmpeg's arguments for this format after the inputs, up to (not including) the output.
    /// With `hasPalette`, a GIF's palette is ffmpeg's second input (a PNG from `GIFPalette`).
    func encoderArguments(hasAudio: Bool, oddSize: Bool, hasPalette: Bool = false) -> [String] {
        // yuv420p halves the colour resolution, so odd sizes get one pixel of padding; those
        // frames come as BGRA, and ffmpeg converts them with the same BT.709 matrix.
        let pad = oddSize
            ? ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"] : []
        let audioMap = hasAudio ? ["-map", "0:v:0", "-map", "1:a:0", "-shortest"] : []
        switch self {
        case .mp4:
            return audioMap + pad + ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                                     "-movflags", "+faststart"] + Self.colourTags
                + (hasAudio ? audioEncoderArguments : []) + ["-f", "mp4"]
        case .webm:
            return audioMap + pad + ["-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-deadline", "realtime",
                                     "-cpu-used", "8", "-row-mt", "1", "-pix_fmt", "yuv420p"] + Self.colourTags
                + (hasAudio ? audioEncoderArguments : []) + ["-f", "webm"]
        case .gif where hasPalette:
            // The clip's palette, made beforehand: every frame is dithered as it comes, so
            // ffmpeg holds none of them (memory does not grow with the clip's length).
            return ["-lavfi", "[0:v][1:v]paletteuse=dither=bayer:bayer_scale=3", "-loop", "0", "-f", "gif"]
        case .gif:
            // One palette for the whole clip, from the pixels that change, then dithered: split
            // holds every frame until palettegen has seen the last, so only for short clips.
            return ["-filter_complex",
                    "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=3",
                    "-loop", "0", "-f", "gif"]
        }
    }
}
