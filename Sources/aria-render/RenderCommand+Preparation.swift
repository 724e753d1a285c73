import Kiosk
import Output

extension RenderCommand {
    /// What every render readies before its first frame, whatever draws the frames: the old
    /// frames it will remove, the trace file, a GIF's palette sample, the progress bar (which
    /// counts a GIF's sample frames too). A stop asked for meanwhile ends it here.
    func prepare(_ target: RenderTarget, range: Range<Int>)
        throws -> (staleFrames: [String], traceSink: TraceFileSink?, paletteFrames: [Int], progress: RenderProgress) {
        let staleFrames = try self.staleFrames(in: target, range: range)
        if let signal = StopSignal.requested { throw OutputError.interrupted(signal: signal) }
        let traceSink = try trace.map { try TraceFileSink(path: $0) }
        var paletteFrames: [Int] = []
        if case .video(_, .gif) = target { paletteFrames = GIFPalette.sampleFrames(of: range) }
        return (staleFrames, traceSink, paletteFrames, RenderProgress(total: paletteFrames.count + range.count, quiet: quiet))
    }
}
