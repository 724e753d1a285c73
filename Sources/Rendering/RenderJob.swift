import Audio
import Drawing
import Foundation
import GameKit
import Output
import Shards
#if canImport(Glibc)
import Glibc
#endif

/// One render from request to files, for any game: the frames drawn by the game's run and
/// handed to their sink as they are made, the sound made from the trace of a run of its own
/// (or alone, for a WAV), a GIF's palette from a sample first, the trace beside, a farm's
/// piece with its manifest. Stops at Ctrl-C, SIGTERM or SIGHUP leaving nothing half-written.
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
        let fps = run.clock.framesPerSecond
        let whole = try request.frames.range(frameCount: run.frameCount, framesPerSecond: fps)
        if let shard = request.shard { return try renderPiece(shard, run: run, whole: whole) }
        let peer = request.options.peer.map { "-" + $0 } ?? ""
        let outcome: RenderOutcome
        if let sheet = request.contactSheet {
            outcome = try renderContactSheet(sheet, run: run, span: whole, to: request.output ?? "out/\(request.scene.name)\(peer)-sheet.png")
        } else {
            outcome = try renderWhole(run: run, whole: whole, peer: peer)
        }
        if let profile = request.profile {
            // A sound-only render steps runs of its own: this one catches up first.
            run.advance(toFrame: whole.upperBound - 1)
            try profile.save(from: run)
        }
        return outcome
    }

    /// A video, a soundtrack, stills or a PNG sequence of `whole`, as the output's name says.
    private func renderWhole(run: any GameRun, whole: Range<Int>, peer: String) throws -> RenderOutcome {
        let fps = run.clock.framesPerSecond
        let stills = request.frames.isStills
        let path = request.output ?? "out/\(request.scene.name)\(peer)" + (stills ? "/" : ".mp4")
        if stills, case .pngFolder = try RenderTarget(path: path, singleFrame: true) {} else if stills {
            throw RenderRequestError("several stills (--frame \(request.frames.text)) go to a folder: -o DIR/ writes frame_NNNNN.png each, "
                + "or --contact-sheet puts frames on one PNG")
        }
        let target = try RenderTarget(path: path, singleFrame: request.frames.isSingle)
        let outcome: RenderOutcome
        if case .soundtrack(let path) = target {
            outcome = try renderSound(run: run, frames: whole, to: path)
        } else {
            outcome = try renderFrames(run: run, frames: whole, drawn: try request.frames.frames(frameCount: run.frameCount, framesPerSecond: fps),
                                       target: target)
        }
        return outcome
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

    private var name: String { request.scene.name }

    private func renderSound(run: any GameRun, frames: Range<Int>, to path: String) throws -> RenderOutcome {
        let started = ContinuousClock.now
        let fps = run.clock.framesPerSecond
        let cues = try soundCues(through: frames.upperBound - 1)
        try TraceSoundtrack.write(cues, bank: try request.game.sounds(for: request.scene, options: request.runOptions), frames: frames, framesPerSecond: fps, to: path)
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

    private func renderFrames(run: any GameRun, frames range: Range<Int>, drawn: [Int], target: RenderTarget) throws -> RenderOutcome {
        let fps = run.clock.framesPerSecond
        let width = run.outputWidth, height = run.outputHeight
        // The sound track is streamed into ffmpeg as the frames are: nothing of it goes to disk.
        var soundtrack: SoundtrackStream?
        if target.carriesSound && request.sound {
            soundtrack = TraceSoundtrack.stream(try soundCues(through: range.upperBound - 1), bank: try request.game.sounds(for: request.scene, options: request.runOptions),
                                                frames: range, framesPerSecond: fps)
        }
        let staleFrames = try self.staleFrames(in: target, frames: drawn)
        if let signal = stop() { throw OutputError.interrupted(signal: signal) }
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
                }, progress: { progress.update(done: $0) }, stop: stop)
            }
            let sink = try target.makeSink(width: width, height: height, framesPerSecond: fps, soundtrack: soundtrack,
                                           palette: palette)
            let before = paletteFrames.count
            outputs = try draw(drawn, of: run, into: sink, trace: traceSink) { progress.update(done: before + $0) }
        } catch {
            throw failure(error, progress: progress, trace: traceSink)
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

    /// Draws `frames` of `run` into `sink` (writing their trace to `traceSink`); returns what
    /// the sink wrote. Shared by whole renders and pieces.
    private func draw(_ frames: some Sequence<Int>, of run: any GameRun, into sink: FrameSink, trace traceSink: TraceFileSink?,
                      progress: (Int) -> Void) throws -> [String] {
        try RenderLoop.run(frames: frames, sink: sink, pixels: { number in
            run.advance(toFrame: number)
            traceSink?.write(run.drainTrace())
            return try run.drawFrame()
        }, progress: progress, stop: stop)
    }

    /// What to report when drawing failed: the bar cleared and the trace dropped first, and a
    /// stop signal as the reason (Ctrl-C reaches ffmpeg too, which then fails first).
    private func failure(_ error: Error, progress: RenderProgress, trace traceSink: TraceFileSink?) -> Error {
        progress.abandon()
        traceSink?.cancel()
        if let signal = stop() { return OutputError.interrupted(signal: signal) }
        return error
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

    /// Every step's frame of `span` as a labelled thumbnail on one PNG at `path`.
    private func renderContactSheet(_ sheet: ContactSheetRequest, run: any GameRun, span: Range<Int>, to path: String) throws -> RenderOutcome {
        guard path.lowercased().hasSuffix(".png") else {
            throw RenderRequestError("a contact sheet is one PNG: give -o SHEET.png, not \(path)")
        }
        let fps = run.clock.framesPerSecond
        let frames = try sheet.frames(of: span, framesPerSecond: fps)
        let width = run.outputWidth, height = run.outputHeight
        let thumbnail = sheet.thumbnailSize(width: width, height: height)
        let title = "\(name) · frames \(span.lowerBound)-\(span.upperBound - 1), every \(sheet.stepText) · \(width)x\(height), \(fps) fps"
        guard let contact = ContactSheet(title: title, count: frames.count, thumbnailWidth: thumbnail.width, thumbnailHeight: thumbnail.height,
                                         columns: sheet.columns) else {
            let size = ContactSheet.size(count: frames.count, width: thumbnail.width, height: thumbnail.height, columns: sheet.columns)
            throw RenderRequestError("--contact-sheet: \(frames.count) thumbnails of \(thumbnail.width)x\(thumbnail.height) make a "
                + "\(size.width)x\(size.height) sheet, over \(ContactSheet.largestSide) pixels; give a larger step, a smaller width= or more columns=")
        }
        try StagedFile.prepareFolder(StagedFile.folder(of: path))
        let traceSink = try request.tracePath.map { try TraceFileSink(path: $0) }
        var progress = RenderProgress(total: frames.count, quiet: request.quiet)
        do {
            for (index, frame) in frames.enumerated() {
                if let signal = stop() { throw OutputError.interrupted(signal: signal) }
                run.advance(toFrame: frame)
                traceSink?.write(run.drainTrace())
                contact.place(try run.drawFrame(), label: ContactSheetRequest.label(frame: frame, framesPerSecond: fps), at: index)
                progress.update(done: index + 1)
            }
            try StagedFile.write(try PNGEncoder(effort: .small).encode(contact.surface.pixels), to: path)
        } catch {
            throw failure(error, progress: progress, trace: traceSink)
        }
        try traceSink?.close()
        let seconds = progress.elapsed
        progress.finish(summary: "Rendered a contact sheet of \(counted(frames.count, "frame")) of \"\(name)\" "
            + "(\(contact.surface.width)x\(contact.surface.height)) in " + String(format: "%.2f s", seconds) + " to \(path)")
        return RenderOutcome(frames: span, width: contact.surface.width, height: contact.surface.height, framesPerSecond: fps,
                             seconds: seconds, outputs: [path], drawn: frames.count)
    }

    // MARK: farm pieces

    /// One slice of the frames, written as a self-describing piece into a shared folder for
    /// `assemble` (docs/farm.md).
    private func renderPiece(_ spec: ShardSpec, run: any GameRun, whole: Range<Int>) throws -> RenderOutcome {
        guard whole.count >= spec.count else {
            throw RenderRequestError("--shard \(spec): \(spec.count) shards of \(counted(whole.count, "frame")) "
                + "would leave some empty; use at most \(whole.count)")
        }
        let folder = request.output ?? "out/\(name)-pieces"
        if VideoFormat(path: folder) != nil || folder.lowercased().hasSuffix(".png") || folder.lowercased().hasSuffix(".wav") {
            throw RenderRequestError("with --shard, -o is the shared folder for the pieces, not \(folder); "
                + "give a folder, then join it with `aria-render assemble FOLDER -o final.mp4`")
        }
        try StagedFile.prepareFolder(folder)
        let kind = request.piece ?? "mp4"
        let fps = run.clock.framesPerSecond
        let width = run.outputWidth, height = run.outputHeight
        let format = VideoFormat(rawValue: kind)
        let withSound = format != nil && request.sound
        // Contiguous slices of equal estimated work, not of equal length: every shard steps a
        // run of its own through the whole render (cheap beside drawing) and gets the same split.
        let split = spec.split(of: whole, costs: FrameCost.of(whole, stepping: try request.makeRun(), sound: withSound))
        let frames = split[spec.index]
        let oddSize = width % 2 == 1 || height % 2 == 1
        var manifest = PieceManifest(
            tool: request.toolVersion, scene: name, sceneHash: sceneHash(width: width, height: height, fps: fps),
            seed: request.scene.header.seed, width: width, height: height, frameRate: fps,
            whole: FrameSpan(whole), frames: FrameSpan(frames), shard: spec.index, shards: spec.count,
            format: kind, codec: format?.settings(hasAudio: withSound, oddSize: oddSize) ?? [],
            file: nil, bytes: nil, sound: nil, withSound: withSound, split: split.map(FrameSpan.init))

        // The sound of the whole render, once, by the first shard: muxed by `assemble` as is.
        var outputs: [String] = []
        if withSound, spec.index == 0, let format {
            let soundName = PieceManifest.name(shard: spec.index, of: spec.count, extension: "sound." + (format == .webm ? "webm" : "m4a"))
            let cues = try soundCues(through: whole.upperBound - 1)
            try SoundtrackEncoder.encode(TraceSoundtrack.stream(cues, bank: try request.game.sounds(for: request.scene, options: request.runOptions), frames: whole, framesPerSecond: fps),
                                         format: format, to: folder + "/" + soundName)
            manifest.sound = soundName
            outputs.append(folder + "/" + soundName)
        }

        let sink: FrameSink
        if let format {
            let file = PieceManifest.name(shard: spec.index, of: spec.count, extension: format.rawValue)
            manifest.file = file
            sink = try FFmpegVideoSink(path: folder + "/" + file, format: format, width: width, height: height, framesPerSecond: fps)
        } else {
            sink = try PNGSequenceSink(folder: folder)
        }
        let traceSink = try request.tracePath.map { try TraceFileSink(path: $0) }
        var progress = RenderProgress(total: frames.count, quiet: request.quiet)
        do {
            outputs += try draw(frames, of: run, into: sink, trace: traceSink) { progress.update(done: $0) }
        } catch {
            throw failure(error, progress: progress, trace: traceSink)
        }
        try traceSink?.close()
        if let file = manifest.file { manifest.bytes = PieceFolder.size(of: file, in: folder) }
        // Last, and whole or not at all: without it, `assemble` takes nothing of this shard.
        try PieceFolder.write(manifest, in: folder)
        let manifestPath = folder + "/" + PieceManifest.name(shard: spec.index, of: spec.count)
        let seconds = progress.elapsed
        progress.finish(summary: "Rendered shard \(spec) of \"\(name)\": frames \(FrameSpan(frames)) of \(FrameSpan(whole)) "
            + String(format: "in %.2f s", seconds) + " into \(manifestPath)")
        return RenderOutcome(frames: frames, width: width, height: height, framesPerSecond: fps, seconds: seconds,
                             outputs: (format == nil ? [] : outputs) + [manifestPath])
    }

    /// What decides the frames, hashed: the scene file's text (or the built-in one's), the
    /// claps heard in its recording, and the size and frame rate rendered.
    private func sceneHash(width: Int, height: Int, fps: Int) -> String {
        var hash = SceneHash()
        hash.update(request.sceneBytes)
        hash.update(field: "claps " + request.recorded.claps.map { "\($0.time)" }.joined(separator: " "))
        hash.update(field: "size \(width)x\(height) fps \(fps)")
        return hash.hex()
    }
}

/// "1 frame", "3 frames".
func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
