import Audio
import Drawing
import Foundation
import GameKit
import Output
import Shards
#if canImport(Glibc)
import Glibc
#endif

/// One render from request to files, for any game: it chooses the kind of output and hands it
/// to the type that makes it (`FramesRender` for a video, stills or a PNG sequence,
/// `SoundtrackRender`, `ContactSheetRender`, `PieceRender` for a farm's piece), then saves the
/// profile. Stops at Ctrl-C, SIGTERM or SIGHUP leaving nothing half-written.
public struct RenderJob {
    /// What to render.
    public let request: RenderRequest
    /// Asked before each frame: a signal number there stops the render.
    public var stop: () -> Int32? = { StopSignal.requested }

    /// A job for `request`.
    public init(_ request: RenderRequest) { self.request = request }

    /// Renders, printing progress and a summary line unless quiet; returns what was written.
    /// Throws `RenderRequestError` (bad input), `GameRunError`, `OutputError` or `RenderError`.
    /// With a profile, what the run changed up to its last frame is saved once everything
    /// was written; a render that fails saves nothing.
    public func run() throws -> RenderOutcome {
        let run = try request.makeRun()
        let whole = try request.frames.range(frameCount: run.frameCount, framesPerSecond: run.clock.framesPerSecond)
        if let shard = request.shard { return try PieceRender(job: self, spec: shard).render(run, whole: whole) }
        let outcome = try renderWhole(run, whole: whole)
        try saveProfile(of: run, through: whole)
        return outcome
    }

    /// A contact sheet, a soundtrack, or the frames of `whole` (a video, stills or a PNG
    /// sequence), as the request and the output's name say.
    private func renderWhole(_ run: any GameRun, whole: Range<Int>) throws -> RenderOutcome {
        let peer = request.options.peer.map { "-" + $0 } ?? ""
        if let sheet = request.contactSheet {
            return try ContactSheetRender(job: self, sheet: sheet)
                .render(run, span: whole, to: request.output ?? "out/\(name)\(peer)-sheet.png")
        }
        let target = try wholeTarget(peer: peer)
        if case .soundtrack(let path) = target { return try SoundtrackRender(job: self).render(run, frames: whole, to: path) }
        let drawn = try request.frames.frames(frameCount: run.frameCount, framesPerSecond: run.clock.framesPerSecond)
        return try FramesRender(job: self).render(run, frames: whole, drawn: drawn, target: target)
    }

    /// Where a whole render goes: `-o`, or a default under `out/`; several stills only to a folder.
    private func wholeTarget(peer: String) throws -> RenderTarget {
        let stills = request.frames.isStills
        let path = request.output ?? "out/\(name)\(peer)" + (stills ? "/" : ".mp4")
        if stills, case .pngFolder = try RenderTarget(path: path, singleFrame: true) {} else if stills {
            throw RenderRequestError("several stills (--frame \(request.frames.text)) go to a folder: -o DIR/ writes frame_NNNNN.png each, "
                + "or --contact-sheet puts frames on one PNG")
        }
        return try RenderTarget(path: path, singleFrame: request.frames.isSingle)
    }

    /// Saves what `run` changed up to the last frame of `whole` into the request's profile, if it has one.
    private func saveProfile(of run: any GameRun, through whole: Range<Int>) throws {
        guard let profile = request.profile else { return }
        // A sound-only render steps runs of its own: this one catches up first.
        run.advance(toFrame: whole.upperBound - 1)
        try profile.save(from: run)
    }

    /// The sound of `frames` as `run`'s listener hears it, made by a run of its own that only steps.
    public func soundCues(through lastFrame: Int) throws -> [Audio.SoundCue] {
        let run = try request.makeRun()
        var cues: [Audio.SoundCue] = []
        for frame in 0...max(0, lastFrame) {
            run.advance(toFrame: frame)
            cues += run.drainTrace().filter { $0.peer == run.listener }
                .compactMap { TraceSoundtrack.cue(from: $0, canvasWidth: run.canvasWidth) }
        }
        return cues
    }

    /// The scene's name, as outputs and summaries call it.
    var name: String { request.scene.name }

    /// The sounds the game's cues play, for this scene and its options.
    func soundBank() throws -> SoundBank { try request.game.sounds(for: request.scene, options: request.runOptions) }

    /// Draws `frames` of `run` into `sink` (writing their trace to `traceSink`); returns what
    /// the sink wrote. Shared by whole renders and pieces.
    func draw(_ frames: some Sequence<Int>, of run: any GameRun, into sink: FrameSink, trace traceSink: TraceFileSink?,
                      progress: (Int) -> Void) throws -> [String] {
        try RenderLoop.run(frames: frames, sink: sink, pixels: { number in
            run.advance(toFrame: number)
            traceSink?.write(run.drainTrace())
            return try run.drawFrame()
        }, progress: progress, stop: stop)
    }

    /// What to report when drawing failed: the bar cleared and the trace dropped first, and a
    /// stop signal as the reason (Ctrl-C reaches ffmpeg too, which then fails first).
    func failure(_ error: Error, progress: RenderProgress, trace traceSink: TraceFileSink?) -> Error {
        progress.abandon()
        traceSink?.cancel()
        if let signal = stop() { return OutputError.interrupted(signal: signal) }
        return error
    }

}

/// "1 frame", "3 frames".
func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

/// The making of one kind of output for a job: the job gives the request, the sound and the drawing.
protocol OutputRender {
    /// The job this output is made for.
    var job: RenderJob { get }
}

extension OutputRender {
    /// What the job renders.
    var request: RenderRequest { job.request }
    /// The scene's name, as outputs and summaries call it.
    var name: String { job.name }
}
