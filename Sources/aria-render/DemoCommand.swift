import ArgumentParser
import Audio
import CVBus
import Foundation
import GameKit
import Kiosk
import Rendering
import Scene

/// `aria-render demo [SCENE]`: the kiosk. Plays the scene live and forever (the attract
/// loop), full-screen, with sound; a clap heard by the microphone makes every princess jump.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a scene live for a kiosk: full-screen, with sound, touch and the microphone (in the princess game a clap makes every princess jump).",
        discussion: """
        Without SCENE the built-in default scene plays. The scene's timeline starts again when \
        it ends, until --duration passes or SIGINT/SIGTERM arrives (exit 0). The window is on \
        $DISPLAY; sound and microphone use PulseAudio ($PULSE_SERVER or its defaults). An X \
        server, a PulseAudio server or a microphone that is missing or goes away is one line \
        on standard error and a retry; the demo never stops for it. See docs/kiosk.md.
        """
    )

    @OptionGroup var scene: SceneArgument
    @OptionGroup var profile: ProfileOption

    @Option(name: .long, help: ArgumentHelp("Show in a window of this size instead of full screen.", valueName: "WxH"), transform: CanvasSize.argument)
    var window: CanvasSize?

    @Option(name: [.short, .customLong("output")], help: "Write the frames that would be shown into this folder as PNGs, instead of a window.")
    var output: String?

    /// The old spelling of --output, kept for one release (--frames is a range in render and simulate).
    @Option(name: .customLong("frames"), help: .hidden)
    var frames: String?

    @Option(name: .long, parsing: .unconditional, help: "Frames shown per second (1…240); the scene's frame rate by default.")
    var fps: Int?

    @Option(name: .long, help: "Write the trace (JSON lines, each with \"wall\" seconds) to this file.") var trace: String?

    @Option(name: .long, help: "Stop after this many seconds (default: run until stopped).") var duration: Double?

    @Flag(name: .long, help: "Give each pass of the attract loop a fresh random seed (default: the scene's seed every time).") var freshSeed = false

    @Option(name: .long, help: "The PulseAudio source to hear claps from (default: the server's default source).") var mic: String?

    @Option(name: .long, help: "The PulseAudio sink to play sounds to (default: the server's default sink).") var speaker: String?

    @Option(name: .long, help: ArgumentHelp("How readily a sound is taken for a clap: easy, medium or hard, for the whole run (default: the scene's clap_sensitivity, followed as its timeline changes it).",
                                             valueName: "easy|medium|hard"))
    var clapSensitivity: ClapSensitivity?

    @Option(name: .long, help: ArgumentHelp("How the demo's own sound is kept from being taken for claps: bands (the microphone compared with what it plays, bin by bin) or off (a microphone that cannot hear the speaker).",
                                             valueName: "bands|off")) var echo: EchoHandling = .bands

    @Flag(name: .long, help: "Also log each loud onset the microphone heard and did not take for a clap, and the test that refused it (as listen --explain).") var explain = false
    @Option(name: .long, help: ArgumentHelp("Record what the microphone hears and the demo plays, for listen --file to replay.", valueName: "file")) var recordRoom: String?

    @OptionGroup var cv: CVEventsOption

    @Option(name: .customLong("cv-stream"), help: ArgumentHelp(
        "Live detections, one JSON line each (as --cv-events), from standard input ('-') or a Unix socket the demo listens on ('unix:PATH').",
        valueName: "-|unix:PATH"))
    var cvStream: String?

    @Flag(name: .customLong("cv-mock"), help: "The camera's mock mode: a 'circle' detected every 2 s at the middle of the picture.")
    var cvMock = false

    @Flag(name: .long, help: "Play no sound.") var noSound = false

    @Flag(name: .long, help: "Do not listen for claps.") var noMic = false

    /// Time jumps instead of passing, so that hours of the demo run in minutes: for tests of
    /// long runs only. Implies --no-sound and --no-mic, which need real time.
    @Flag(name: .long, help: .hidden)
    var virtualClock = false

    func validate() throws {
        if let duration, !(duration > 0 && duration.isFinite) { throw ValidationError("--duration must be a positive number of seconds") }
        if let fps, !(1...240).contains(fps) { throw ValidationError("--fps \(fps) is out of range: it must be 1…240") }
        try window?.check("--window")
        if virtualClock && duration == nil { throw ValidationError("--virtual-clock needs --duration") }
        if let cvStream, CVStreamSource(argument: cvStream) == nil {
            throw ValidationError("--cv-stream \(cvStream): give '-' (standard input) or 'unix:PATH' (a socket)")
        }
    }

    func run() throws {
        let loaded = try scene.load()
        var configuration = DemoConfiguration(scene: loaded)
        configuration.windowSize = window.map { ($0.width, $0.height) }
        if frames != nil { OptionNotice.renamed("--frames DIR", to: "--output DIR") }
        configuration.framesFolder = output ?? frames
        configuration.xDisplay = ProcessInfo.processInfo.environment["DISPLAY"]
        configuration.framesPerSecond = fps
        configuration.tracePath = trace
        configuration.duration = duration
        configuration.freshSeed = freshSeed
        configuration.playsSound = !noSound
        configuration.speaker = speaker
        configuration.listens = !noMic
        configuration.microphone = mic
        configuration.clapSensitivity = clapSensitivity
        configuration.echo = echo
        configuration.explainsRefusals = explain
        configuration.roomRecording = recordRoom
        configuration.virtualClock = virtualClock
        configuration.cvRecording = try cv.load(for: loaded.game)
        configuration.cvMock = cvMock
        if (cvMock || cvStream != nil) && loaded.game.info.cvSubscription.rules.isEmpty {
            fputs("aria-render: note: the game \(loaded.game.id) takes no camera events; --cv-mock and --cv-stream change nothing\n", stderr)
        }
        configuration.cvStream = cvStream.flatMap(CVStreamSource.init(argument:))
        configuration.profile = try profile.open(for: loaded.game)
        do {
            try DemoSession.run(configuration)
        } catch KioskError.noDisplay {
            throw ToolFailure(.badInput, "\(KioskError.noDisplay); set it, or use --output DIR on a machine with no screen")
        } catch KioskError.cvStream(let message) {
            // A socket path that cannot be listened on is the operator's to fix.
            throw ToolFailure(.badInput, KioskError.cvStream(message).description)
        } catch let error as KioskError {
            throw ToolFailure(.systemFailure, error.description)
        } catch let error as GameRunError {
            // The kiosk is one device: a shared session's peers each need their own world.
            throw ToolFailure(.badInput, error.description)
        }
    }
}
