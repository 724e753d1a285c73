import GameKit

/// `simulate`: a run stepped frame by frame without drawing, its trace streamed to a file as it
/// comes (so memory stays flat) and tallied for the summary.
public enum TracedSimulation {
    /// Steps `run` through frame `last`, tracing the events of frames `first` on to `tracePath`
    /// (`-` for standard output; nil: none) and tallying them. Throws `OutputError` when the
    /// trace cannot be written.
    public static func run(_ run: any GameRun, from first: Int, through last: Int, tracePath: String?) throws -> any RunTally {
        let sink = try tracePath.map { try TraceFileSink(path: $0) }
        let tally = run.makeTally()
        func collect() {
            // Frames before the first asked for are stepped through, not traced.
            let batch = run.drainTrace().filter { $0.frame >= first }
            tally.add(batch)
            sink?.write(batch)
        }
        collect()
        for frame in stride(from: 1, through: last, by: 1) {
            run.advance(toFrame: frame)
            collect()
        }
        try sink?.close()
        return tally
    }
}
