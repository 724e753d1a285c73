import Drawing
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The first of a GIF's two passes: a palette made from a sample of the clip's frames, so the
/// second pass (`FFmpegVideoSink` with `palette:`) streams every frame through ffmpeg's
/// `paletteuse` and memory stays the same however long the clip is. The palette is a hidden
/// PNG beside the output; whoever makes it removes it (`remove(_:)`) when the GIF is done or
/// has failed.
public enum GIFPalette {
    /// At most this many frames are sampled for the palette.
    public static let sampleLimit = 120

    /// The frames sampled from `frames`: every k-th, at most `limit`, always the first and
    /// the last; all of them when there are few.
    public static func sampleFrames(of frames: Range<Int>, limit: Int = sampleLimit) -> [Int] {
        guard frames.count > max(limit, 2) else { return Array(frames) }
        let step = (frames.count - 1 + (limit - 2)) / (limit - 1)
        var sample = Array(stride(from: frames.lowerBound, to: frames.upperBound - 1, by: step))
        sample.append(frames.upperBound - 1)
        return sample
    }

    /// The hidden name of the palette for the GIF at `output`.
    public static func path(for output: String) -> String {
        StagedFile.temporaryName(for: output, tag: "-palette.png")
    }

    /// Draws `frames` (numbers in increasing order, e.g. `sampleFrames(of:)`) with `pixels`
    /// into ffmpeg's `palettegen` and returns the path of the palette for the GIF at `output`.
    /// On failure or a `stop` nothing is left behind.
    public static func make(for output: String, width: Int, height: Int, framesPerSecond: Int,
                            frames: [Int], pixels: (Int) throws -> FramePixels,
                            progress: (Int) -> Void = { _ in }, stop: () -> Int32? = { nil },
                            searchPath: String? = nil) throws -> String {
        let palette = path(for: output)
        // Every colour of the sampled frames counts, not only those that change: the sample
        // is sparse, so "what changes" between two of its frames means little.
        let sink = try FFmpegVideoSink(path: palette, width: width, height: height, framesPerSecond: framesPerSecond,
                                       yuv420p: false, inputs: [],
                                       encoderArguments: ["-vf", "palettegen=stats_mode=full",
                                                          "-frames:v", "1", "-update", "1", "-f", "image2"],
                                       searchPath: searchPath)
        do {
            _ = try RenderLoop.run(frames: frames, sink: sink, pixels: pixels, progress: progress, stop: stop)
        } catch {
            remove(palette)
            throw error
        }
        return palette
    }

    /// Removes a palette made by `make`.
    public static func remove(_ palette: String) {
        unlink(palette)
    }
}
