import Audio
import Foundation
import GameKit
import Output
#if canImport(Glibc)
import Glibc
#endif

/// A render of frames to their sink as they are made: a video (a GIF in two passes, its
/// palette from a sample first), a PNG sequence or stills, with the sound streamed into a
/// video and the trace beside.
struct FramesRender: OutputRender {
    let job: RenderJob

    /// Draws `drawn` (of the frames `range`) to `target`, with their sound when the target carries it.
    func render(_ run: any GameRun, frames range: Range<Int>, drawn: [Int], target: RenderTarget) throws -> RenderOutcome {
        let fps = run.clock.framesPerSecond
        let width = run.outputWidth, height = run.outputHeight
        // The sound track is streamed into ffmpeg as the frames are: nothing of it goes to disk.
        var soundtrack: SoundtrackStream?
        if target.carriesSound && request.sound {
            soundtrack = TraceSoundtrack.stream(try job.soundCues(through: range.upperBound - 1), bank: try job.soundBank(),
                                                frames: range, framesPerSecond: fps)
        }
        let staleFrames = try self.staleFrames(in: target, frames: drawn)
        if let signal = job.stop() { throw OutputError.interrupted(signal: signal) }
        let traceSink = try request.tracePath.map { try TraceFileSink(path: $0) }
        // A GIF takes two passes: a palette from a sample of the frames (drawn by a run of
        // their own, as a run only goes forward), then every frame dithered to it as it comes.
        var paletteFrames: [Int] = []
        if case .video(_, .gif) = target { paletteFrames = GIFPalette.sampleFrames(of: range) }
        var progress = RenderProgress(total: paletteFrames.count + drawn.count, quiet: request.quiet)
        var palette: String?
        defer { if let palette { GIFPalette.remove(palette) } }
        let outputs: [String]
        do {
            if case .video(let path, .gif) = target {
                let sampler = try request.makeRun()
                palette = try GIFPalette.make(for: path, width: width, height: height, framesPerSecond: fps,
                                              frames: paletteFrames, pixels: { number in
                    sampler.advance(toFrame: number)
                    _ = sampler.drainTrace()
                    return try sampler.drawFrame()
                }, progress: { progress.update(done: $0) }, stop: job.stop)
            }
            let sink = try target.makeSink(width: width, height: height, framesPerSecond: fps, soundtrack: soundtrack,
                                           palette: palette)
            let before = paletteFrames.count
            outputs = try job.draw(drawn, of: run, into: sink, trace: traceSink) { progress.update(done: before + $0) }
        } catch {
            throw job.failure(error, progress: progress, trace: traceSink)
        }
        try traceSink?.close()
        // With --overwrite, the old render's frames that this one did not write go too.
        for path in staleFrames { unlink(path) }

        // What was written, which for a video of odd size is one pixel larger than asked.
        var written = (width: width, height: height)
        if case .video(_, let format) = target {
            written = format.writtenSize(width: width, height: height)
            if written != (width, height) && !request.quiet {
                fputs("aria-render: \(width)x\(height) was padded to \(written.width)x\(written.height) "
                      + "for \(format.rawValue) (its colour needs even sizes)\n", stderr)
            }
        }
        let seconds = progress.elapsed
        let rate = Double(drawn.count) / max(seconds, 1e-9)
        let heard = request.recorded.recording.map { " with \(counted(request.recorded.claps.count, "clap")) heard in \($0)" } ?? ""
        let view = request.options.peer.map { ", as \($0) sees it" } ?? ""
        progress.finish(summary: "Rendered \(counted(drawn.count, "frame")) of \"\(name)\"\(view)\(heard) "
            + "(\(written.width)x\(written.height), \(fps) fps) in "
            + String(format: "%.2f s (%.1f fps)", seconds, rate) + " to " + outputs.joined(separator: ", "))
        return RenderOutcome(frames: range, width: written.width, height: written.height, framesPerSecond: fps,
                             seconds: seconds, outputs: outputs, drawn: drawn.count)
    }

    /// The frames of another render in a target folder that this one will not overwrite
    /// (removed after it, with --overwrite); without --overwrite, any frame there is refused,
    /// as it would mix with these, unseen.
    private func staleFrames(in target: RenderTarget, frames: [Int]) throws -> [String] {
        guard case .pngFolder(let folder) = target else { return [] }
        let existing = PNGSequenceSink.existingFrames(in: folder)
        if !existing.isEmpty && !request.overwrite {
            throw RenderRequestError("\(folder) already holds \(counted(existing.count, "frame")) "
                + "(\(existing[0])…); give --overwrite to replace them, or another folder")
        }
        let written = Set(frames.map(PNGSequenceSink.fileName(ofFrame:)))
        return existing.filter { !written.contains($0) }.map { folder + "/" + $0 }
    }
}
