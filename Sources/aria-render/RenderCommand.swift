import ArgumentParser
import Audio
import Foundation
import GameKit
import Output
import Rendering
import Scene
import Shards
import Trace

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
        A .png output holds the single frame given by --frame or --at. Videos are made by ffmpeg. \
        The claps of a recording (--clap-audio, or the scene's clap_audio) are heard at their \
        times; the sound track holds the scene's own sounds, never the recording.
        """
    )

    @OptionGroup var scene: SceneArgument

    @OptionGroup var clapAudio: ClapAudioOption

    @OptionGroup var cv: CVEventsOption
    @OptionGroup var profile: ProfileOption

    @Option(name: [.short, .customLong("output")], help: "Output: a .mp4, .webm or .gif video, a .png with --frame, or a folder.")
    var output: String?

    @Option(name: .long, help: ArgumentHelp("Canvas size instead of the scene's: WxH (width 16…7680, height 16…4320), 720p, 1080p, 4K, 1080p-portrait.",
                                            valueName: "WxH"), transform: CanvasSize.argument)
    var size: CanvasSize?

    // Unconditional, so that `--fps -5` is a value to refuse with its range, not a missing one.
    @Option(name: .long, parsing: .unconditional, help: "Frames per second of the output (1…240), instead of the scene's.")
    var fps: Int?

    @Option(name: .long, help: "Render only frames A through B ('A-B') or A to the end ('A-'); times too: 9s-12s is three seconds.")
    var frames: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Render only frame N, or the stills N,M,… into a folder; times too: --frame 2s,4.5s,1:05.", valueName: "N"))
    var frame: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Render only the frame showing this moment, in seconds (5, 2.5, 1:05), or several: --at 2,4.5.", valueName: "seconds"))
    var at: String?

    @Option(name: .long, help: ArgumentHelp("One PNG (-o SHEET.png) of labelled thumbnails of every Nth frame (every=15, every=0.5s) "
        + "of --frames or the whole scene; columns=C (6), width=W pixels.", valueName: "every=N[,columns=C][,width=W]"))
    var contactSheet: String?

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

    @Flag(name: .long, help: "Treat warnings (timeline entries the run refuses or clamps) as errors: exit 2, nothing written.")
    var strict = false

    @Flag(name: .long, help: "Render into a folder that already holds frames, replacing them.")
    var overwrite = false

    @Option(name: .long, help: ArgumentHelp(
        "Render only slice I of N (0-based) of the frames, as a piece for `assemble` in the folder -o; "
        + "'auto' or 'auto/N' reads I (and N) from Slurm, Kubernetes or CI variables (docs/farm.md).", valueName: "I/N"))
    var shard: RequestedShard?

    @Option(name: .long, help: "With --shard: what the piece holds, mp4 (default), webm or png.")
    var piece: PieceKind?
    @Option(name: .long, help: "For a scene with a session: draw only this peer's view (default: every peer side by side).")
    var peer: String?

    func validate() throws {
        if let fps, !(1...240).contains(fps) { throw ValidationError("--fps \(fps) is out of range: it must be 1…240") }
        try size?.check("--size")
        let choice = try ValidationError.from { try FrameChoice.parse(stills: frame, at: at, span: frames) }
        if shard != nil && (choice.isSingle || choice.isStills) { throw ValidationError("--shard slices a range of frames: give --frames A-B, not --frame") }
        _ = try ValidationError.from { try contactSheet.map { try ContactSheetRequest.parse($0).get() } }
        if contactSheet != nil && (shard != nil || choice.isSingle || choice.isStills) { throw ValidationError("--contact-sheet takes --frames A-B (or the whole scene), not --frame or --shard") }
        if piece != nil && shard == nil { throw ValidationError("--piece goes with --shard") }
        if shard != nil && profile.profile != nil { throw ValidationError("--profile goes with one whole render, not a farm's --shard") }
    }

    func run() throws {
        // Ctrl-C, SIGTERM and SIGHUP stop ffmpeg and leave no partial or temporary file.
        StopSignal.install()
        let opened = try scene.load()
        let recorded = try clapAudio.apply(to: opened)
        if noAudio { OptionNotice.renamed("--no-audio", to: "--no-sound") }
        var request = RenderRequest(recorded: recorded, game: opened.game,
                                    options: RunOptions(width: size?.width, height: size?.height, framesPerSecond: fps, peer: peer,
                                                        cvRecording: try cv.load(for: opened.game)))
        request.output = output
        request.frames = try FrameChoice.parse(stills: frame, at: at, span: frames)
        request.contactSheet = try contactSheet.map { try ContactSheetRequest.parse($0).get() }
        request.sound = !noSound && !noAudio
        request.tracePath = trace
        request.overwrite = overwrite
        request.quiet = quiet
        request.shard = try shard?.resolve(environment: ProcessInfo.processInfo.environment)
        request.piece = piece?.rawValue
        request.toolVersion = AriaRender.version
        request.profile = try profile.open(for: opened.game)
        if !quiet || strict {
            try SceneWarnings.report(OpenedScene(game: opened.game, scene: recorded.scene), file: scene.path ?? opened.scene.name, options: request.runOptions, strict: strict)
        }
        if shard != nil {
            // A log decides the frames as much as the scene does: every piece must have read the same one.
            let log = cv.cvEvents.flatMap { FileManager.default.contents(atPath: $0) }.map { Array($0) } ?? []
            request.sceneBytes = try scene.sceneBytes(of: opened) + log
        }
        let outcome = try RenderJob(request).run()
        if json {
            print(RenderSummary(scene: opened.scene.name, outcome: outcome, clapAudio: recorded.recording,
                                clapsHeard: recorded.claps.count).text)
        }
    }
}

