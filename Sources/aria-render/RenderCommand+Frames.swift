import Kiosk
import Output
import Render
import Scene

extension RenderCommand {
    /// Draws `frames` of `simulation` into `sink` (writing their trace to `traceSink`), stopping
    /// at Ctrl-C, SIGTERM or SIGHUP; returns what the sink wrote. Shared by whole renders and shards.
    func draw(_ frames: Range<Int>, of simulation: SceneSimulation, into sink: FrameSink, trace traceSink: TraceFileSink?,
              progress: (Int) -> Void) throws -> [String] {
        try RenderLoop.run(frames: frames, renderer: FrameRenderer(), sink: sink, snapshot: { number in
            simulation.advance(toFrame: number)
            traceSink?.write(simulation.drainTrace())
            return simulation.snapshot()
        }, progress: progress, stop: { StopSignal.requested })
    }
}

extension RenderCommand {
    /// What to report when drawing failed: the bar cleared and the trace dropped first, and a
    /// stop signal as the reason (Ctrl-C reaches ffmpeg too, which then fails first).
    func failure(_ error: Error, progress: RenderProgress, trace traceSink: TraceFileSink?) -> Error {
        progress.abandon()
        traceSink?.cancel()
        if let signal = StopSignal.requested { return OutputError.interrupted(signal: signal) }
        return error
    }
}
