import Audio
import Foundation
import Output
import Drawing

/// Where `render` sends its frames, decided from the output path: a video by its extension,
/// one PNG for a `.png` file, otherwise a folder of PNGs.
public enum RenderTarget: Equatable, Sendable {
    /// A video file, by its format.
    case video(String, VideoFormat)
    /// One PNG file (`--frame N`).
    case singlePNG(String)
    /// A folder of PNG frames.
    case pngFolder(String)
    /// The soundtrack alone, as a WAV file.
    case soundtrack(String)

    /// The target for `path`; `singleFrame` tells whether `--frame N` was given.
    public init(path: String, singleFrame: Bool) throws {
        guard !path.isEmpty else {
            throw RenderRequestError("the output path is empty: give a .mp4, .webm, .gif, .png or .wav file, or a folder")
        }
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if path.hasSuffix("/") || (exists && isFolder.boolValue) || ext.isEmpty {
            self = .pngFolder(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path)
        } else if ext == "wav" {
            self = .soundtrack(path)
        } else if ext == "png" {
            guard singleFrame else {
                throw RenderRequestError("a .png output holds one frame: add --frame N, or give a folder for a PNG sequence")
            }
            self = .singlePNG(path)
        } else if let format = VideoFormat(path: path) {
            self = .video(path, format)
        } else {
            throw RenderRequestError("unknown output type '.\(ext)': use .mp4, .webm, .gif, .png, .wav or a folder")
        }
    }

    /// Opens the sink for this target; a GIF is dithered to `palette` when given.
    public func makeSink(width: Int, height: Int, framesPerSecond: Int, soundtrack: SoundtrackStream?, palette: String? = nil) throws -> FrameSink {
        switch self {
        case let .video(path, format):
            return try FFmpegVideoSink(path: path, format: format, width: width, height: height,
                                       framesPerSecond: framesPerSecond, soundtrack: soundtrack, palette: palette)
        case let .singlePNG(path):
            return try SinglePNGSink(path: path)
        case let .pngFolder(path):
            return try PNGSequenceSink(folder: path)
        case let .soundtrack(path):
            throw OutputError.unwritable("\(path) is a sound file, not a place for frames")
        }
    }

    /// Whether this target has a sound track to make.
    public var carriesSound: Bool {
        switch self {
        case .video(_, let format): return format.carriesSound
        case .soundtrack: return true
        case .singlePNG, .pngFolder: return false
        }
    }
}
