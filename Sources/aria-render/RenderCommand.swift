import ArgumentParser
import Audio
import Foundation
import Kiosk
import Output
import Render
import Scene

/// `aria-render render [SCENE] [-o OUTPUT] [options]`: simulates a scene and draws its frames
/// to a video, a PNG sequence or one PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene to a video (.mp4, .webm, .gif), a folder of PNGs or one PNG.",
        discussion: """
        Without SCENE the built-in default scene is rendered. Without -o the output is \
        out/<scene name>.mp4. A folder (an existing one, a path ending in '/', or a name without \
        an extension) receives frame_00000.png, frame_00001.png, … numbered by scene frame. \
        A .png output holds the single frame given by --frame. Videos are made by ffmpeg. \
        The claps of a recording (--clap-audio, or the scene's clap_audio) are heard at their \
        times; the sound track holds the scene's own sounds, never the recording.
        """
    )

    @OptionGroup var scene: SceneArgument

    @OptionGroup var clapAudio: ClapAudioOption

    @Option(name: [.short, .customLong("output")], help: "Output: a .mp4, .webm or .gif video, a .png with --frame, or a folder.")
    var output: String?

    @Option(name: .long, help: "Canvas size WxH (width 16…7680, height 16…4320), instead of the scene's.")
    var size: CanvasSize?

    // Unconditional, so that `--fps -5` is a value to refuse with its range, not a missing one.
    @Option(name: .long, parsing: .unconditional, help: "Frames per second of the output (1…240), instead of the scene's.")
    var fps: Int?

    @Option(name: .long, help: "Render only frames A through B ('A-B') or A to the end ('A-').")
    var frames: FrameSelection?

    @Option(name: .long, parsing: .unconditional, help: "Render only frame N.")
    var frame: Int?

    @Flag(name: .long, help: "Print nothing on standard error (errors excepted).")
    var quiet = false

    @Flag(name: .long, help: "Print a JSON summary on standard output: frames, seconds, fps, outputs.")
    var json = false

    @Option(name: .long, help: "Write the simulation's trace, one JSON object per line, to this file.")
    var trace: String?

    @Flag(name: .long, help: "Leave the sound track out of .mp4 and .webm videos.")
    var noSound = false

    /// The old spelling of --no-sound, kept for one release.
    @Flag(name: .customLong("no-audio"), help: .hidden)
    var noAudio = false

    @Flag(name: .long, help: "Render into a folder that already holds frames, replacing them.")
    var overwrite = false

    @Option(name: .long, help: ArgumentHelp(
        "Render only slice I of N (0-based) of the frames, as a piece for `assemble` in the folder -o; "
        + "'auto' or 'auto/N' reads I (and N) from Slurm, Kubernetes or CI variables (docs/farm.md).", valueName: "I/N"))
    var shard: ShardOption?

    @Option(name: .long, help: "With --shard: what the piece holds, mp4 (default), webm or png.")
    var piece: PieceKind?
    @Option(name: .long, help: "For a scene with a session: draw only this peer's view (default: every peer side by side).")
    var peer: String?

    /// The frames asked for (--frame, --frames, or all) within the scene's `frameCount`.
    func frameRange(frameCount: Int) throws -> Range<Int> {
        guard frameCount > 0 else { throw ToolFailure(.badInput, "the scene has no frames to render") }
        if let frame {
            guard frame < frameCount else {
                throw ToolFailure(.badInput, "--frame \(frame) is outside the scene's frames 0-\(frameCount - 1)")
            }
            return frame..<frame + 1
        }
        return try (frames ?? FrameSelection(argument: "0-")!).range(frameCount: frameCount)
    }

    /// The frames of another render in a target folder that this one will not overwrite
    /// (removed after it, with --overwrite); without --overwrite, any frame there is refused,
    /// as it would mix with these, unseen.
    func staleFrames(in target: RenderTarget, range: Range<Int>) throws -> [String] {
        guard case .pngFolder(let folder) = target else { return [] }
        let existing = PNGSequenceSink.existingFrames(in: folder)
        if !existing.isEmpty && !overwrite {
            throw ToolFailure(.badInput, "\(folder) already holds \(existing.count) frame\(existing.count == 1 ? "" : "s") "
                + "(\(existing[0])…); give --overwrite to replace them, or another folder")
        }
        let written = Set(range.map(PNGSequenceSink.fileName(ofFrame:)))
        return existing.filter { !written.contains($0) }.map { folder + "/" + $0 }
    }

    func validate() throws {
        if let fps, !(1...240).contains(fps) { throw ValidationError("--fps \(fps) is out of range: it must be 1…240") }
        try size?.check("--size")
        try frames?.check()
        if let frame, frame < 0 { throw ValidationError("--frame must be 0 or more") }
        if frame != nil && frames != nil { throw ValidationError("give either --frame or --frames, not both") }
        if shard != nil && frame != nil { throw ValidationError("--shard slices a range of frames: give --frames A-B, not --frame") }
        if piece != nil && shard == nil { throw ValidationError("--piece goes with --shard") }
    }

    func run() throws {
        // Ctrl-C, SIGTERM and SIGHUP stop ffmpeg and leave no partial or temporary file.
        StopSignal.install()
        let recorded = try clapAudio.apply(to: try scene.load())
        let description = recorded.scene
        if description.session != nil { return try renderSession(description) }
        if let peer { throw ToolFailure(.badInput, "--peer \(peer): the scene has no 'session:' section, so no peers") }
        let simulation = SceneSimulation(scene: description, width: size?.width, height: size?.height, framesPerSecond: fps)
        let range = try frameRange(frameCount: simulation.frameCount)
        if let shard { return try renderPiece(shard, recorded: recorded, simulation: simulation, whole: range) }
        let target = try RenderTarget(path: output ?? "out/\(description.name).mp4", singleFrame: frame != nil)
        let framesPerSecond = simulation.clock.framesPerSecond
        if case .soundtrack(let path) = target {
            let started = ContinuousClock.now
            let cues = SceneSoundtrack.cues(of: description, width: size?.width, height: size?.height,
                                            framesPerSecond: fps, through: range.upperBound - 1)
            try SceneSoundtrack.write(cues, frames: range, framesPerSecond: framesPerSecond, to: path)
            // The trace of the same frames, as a video's render writes it.
            if let trace {
                let sink = try TraceFileSink(path: trace)
                for frame in range {
                    simulation.advance(toFrame: frame)
                    sink.write(simulation.drainTrace())
                }
                try sink.close()
            }
            if !quiet { fputs("Wrote the sound of \(counted(range.count, "frame")) of \"\(description.name)\" to \(path)\n", stderr) }
            if json {
                let elapsed = started.duration(to: .now)
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                print(RenderSummaryJSON(scene: description.name, frames: range, width: simulation.outputWidth,
                                        height: simulation.outputHeight, framesPerSecond: framesPerSecond, seconds: seconds,
                                        outputs: [path], clapAudio: recorded.recording, clapsHeard: recorded.claps.count).text)
            }
            return
        }
        // The sound track is streamed into ffmpeg as the frames are: nothing of it goes to disk.
        var soundtrack: SoundtrackStream?
        if noAudio { OptionNotice.renamed("--no-audio", to: "--no-sound") }
        if target.carriesSound && !noSound && !noAudio {
            let cues = SceneSoundtrack.cues(of: description, width: size?.width, height: size?.height,
                                            framesPerSecond: fps, through: range.upperBound - 1)
            soundtrack = SceneSoundtrack.stream(cues, frames: range, framesPerSecond: framesPerSecond)
        }
        // A GIF takes two passes: a palette from a sample of the frames (drawn by a simulation
        // of their own, as it only goes forward), then every frame dithered to it as it comes.
        let (staleFrames, traceSink, paletteFrames, readyProgress) = try prepare(target, range: range)
        var progress = readyProgress
        var palette: String?
        defer { if let palette { GIFPalette.remove(palette) } }
        let outputs: [String]
        do {
            if case .video(let path, .gif) = target {
                let sampler = SceneSimulation(scene: description, width: size?.width, height: size?.height, framesPerSecond: fps)
                palette = try GIFPalette.make(for: path, width: simulation.outputWidth, height: simulation.outputHeight,
                                              framesPerSecond: framesPerSecond, frames: paletteFrames,
                                              renderer: FrameRenderer(), snapshot: { number in
                    sampler.advance(toFrame: number)
                    _ = sampler.drainTrace()
                    return sampler.snapshot()
                }, progress: { progress.update(done: $0) }, stop: { StopSignal.requested })
            }
            let sink = try target.makeSink(width: simulation.outputWidth, height: simulation.outputHeight,
                                           framesPerSecond: framesPerSecond, soundtrack: soundtrack, palette: palette)
            let before = paletteFrames.count
            outputs = try draw(range, of: simulation, into: sink, trace: traceSink) { progress.update(done: before + $0) }
        } catch {
            throw failure(error, progress: progress, trace: traceSink)
        }
        try traceSink?.close()
        // With --overwrite, the old render's frames that this one did not write go too.
        for path in staleFrames { unlink(path) }

        // What was written, which for a video of odd size is one pixel larger than asked.
        var written = (width: simulation.outputWidth, height: simulation.outputHeight)
        if case .video(_, let format) = target {
            written = format.writtenSize(width: written.width, height: written.height)
            if written != (simulation.outputWidth, simulation.outputHeight) && !quiet {
                fputs("aria-render: \(simulation.outputWidth)x\(simulation.outputHeight) was padded to \(written.width)x\(written.height) "
                      + "for \(format.rawValue) (its colour needs even sizes)\n", stderr)
            }
        }
        let seconds = progress.elapsed
        let rate = Double(range.count) / max(seconds, 1e-9)
        let heard = recorded.recording.map { " with \(counted(recorded.claps.count, "clap")) heard in \($0)" } ?? ""
        progress.finish(summary: "Rendered \(range.count) frame\(range.count == 1 ? "" : "s") of \"\(description.name)\"\(heard) "
            + "(\(written.width)x\(written.height), \(framesPerSecond) fps) in "
            + String(format: "%.2f s (%.1f fps)", seconds, rate) + " to " + outputs.joined(separator: ", "))
        if json {
            print(RenderSummaryJSON(scene: description.name, frames: range, width: written.width,
                                    height: written.height, framesPerSecond: framesPerSecond,
                                    seconds: seconds, outputs: outputs, clapAudio: recorded.recording,
                                    clapsHeard: recorded.claps.count).text)
        }
    }
}

/// The machine-readable summary `render --json` prints.
struct RenderSummaryJSON {
    let scene: String
    let frames: Range<Int>
    let width: Int
    let height: Int
    let framesPerSecond: Int
    let seconds: Double
    let outputs: [String]
    /// The recording whose claps the scene heard, or nil.
    var clapAudio: String? = nil
    /// How many claps were heard in it.
    var clapsHeard = 0

    var text: String {
        func quoted(_ text: String) -> String { TraceValue.text(text).json }
        let rounded = (seconds * 1000).rounded() / 1000
        let fps = (Double(frames.count) / max(seconds, 1e-9) * 10).rounded() / 10
        return "{\"scene\": \(quoted(scene)), \"frames\": \(frames.count), \"first_frame\": \(frames.lowerBound), "
            + "\"last_frame\": \(frames.upperBound - 1), \"width\": \(width), \"height\": \(height), "
            + "\"frame_rate\": \(framesPerSecond), \"seconds\": \(rounded), \"fps\": \(fps), "
            + "\"clap_audio\": \(clapAudio.map(quoted) ?? "null"), \"claps_heard\": \(clapsHeard), "
            + "\"outputs\": [\(outputs.map(quoted).joined(separator: ", "))]}"
    }
}
