import Foundation
import GameKit
import Output

/// A render of the sound alone: a WAV of the frames' sound cues, as the run's listener hears
/// them, made by a run of its own that only steps; the trace of the same frames beside it.
struct SoundtrackRender: OutputRender {
    let job: RenderJob

    /// Writes the sound of `frames` to `path`, and their trace beside it if asked.
    func render(_ run: any GameRun, frames: Range<Int>, to path: String) throws -> RenderOutcome {
        let started = ContinuousClock.now
        let fps = run.clock.framesPerSecond
        let cues = try job.soundCues(through: frames.upperBound - 1)
        try TraceSoundtrack.write(cues, bank: try job.soundBank(), frames: frames, framesPerSecond: fps, to: path)
        // The trace of the same frames, as a video's render writes it.
        if let tracePath = request.tracePath {
            let sink = try TraceFileSink(path: tracePath)
            for frame in frames {
                run.advance(toFrame: frame)
                sink.write(run.drainTrace())
            }
            try sink.close()
        }
        let hears = run.listener.map { " as \($0) hears it" } ?? ""
        if !request.quiet { fputs("Wrote the sound of \(counted(frames.count, "frame")) of \"\(name)\"\(hears) to \(path)\n", stderr) }
        return RenderOutcome(frames: frames, width: run.outputWidth, height: run.outputHeight, framesPerSecond: fps,
                             seconds: RenderProgress.seconds(ContinuousClock.now - started), outputs: [path])
    }
}
