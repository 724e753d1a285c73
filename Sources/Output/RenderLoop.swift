import Drawing

/// Drives one render: for each frame number, the caller's pixels (a game's run draws them)
/// handed straight to the sink, so nothing accumulates. On any
/// failure the sink is cancelled, leaving no half-written output.
public enum RenderLoop {
    /// Renders `frames` in the order given (a range, or any frame numbers), each drawn by
    /// `pixels` and handed to `sink`, and returns the paths the sink wrote. `progress` is
    /// called after each frame with the number of frames done. `stop` is asked before each
    /// frame: a signal number there (Ctrl-C, SIGTERM, SIGHUP) abandons the render as a failure
    /// would, with `OutputError.interrupted`.
    public static func run(frames: some Sequence<Int>, sink: FrameSink, pixels: (Int) throws -> FramePixels,
                           progress: (Int) -> Void = { _ in }, stop: () -> Int32? = { nil }) throws -> [String] {
        do {
            var done = 0
            for frame in frames {
                if let signal = stop() { throw OutputError.interrupted(signal: signal) }
                let pixels = try pixels(frame)
                try sink.consume(pixels, index: frame)
                done += 1
                progress(done)
            }
            return try sink.finish()
        } catch {
            sink.cancel()
            throw error
        }
    }
}
