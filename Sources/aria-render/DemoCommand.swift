import ArgumentParser
import ECS
import Foundation
import Scene

/// `aria-render demo [SCENE]`: the kiosk. Plays the scene live and forever (the attract
/// loop), full-screen, with sound; a clap heard by the microphone makes every princess jump.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a scene live for a kiosk: full-screen, with sound; a clap makes every princess jump.",
        discussion: """
        Without SCENE the built-in default scene plays. The scene's timeline starts again when \
        it ends, until --duration passes or SIGINT/SIGTERM arrives (exit 0). The window is on \
        $DISPLAY; sound and microphone use PulseAudio ($PULSE_SERVER or its defaults). An X \
        server, a PulseAudio server or a microphone that is missing or goes away is one line \
        on standard error and a retry; the demo never stops for it. See docs/kiosk.md.
        """
    )

    @OptionGroup var scene: SceneArgument

    @Option(name: .long, help: "Show in a window of this size (WxH) instead of full screen.")
    var window: CanvasSize?

    @Option(name: .long, help: "Write the frames that would be shown into this folder as PNGs, instead of a window.")
    var frames: String?

    @Option(name: .long, help: "Frames shown per second (1…240); the scene's frame rate by default.")
    var fps: Int?

    @Option(name: .long, help: "Write the trace (JSON lines, each with \"wall\" seconds) to this file.")
    var trace: String?

    @Option(name: .long, help: "Stop after this many seconds (default: run until stopped).")
    var duration: Double?

    @Flag(name: .long, help: "Give each pass of the attract loop a fresh random seed (default: the scene's seed every time).")
    var freshSeed = false

    @Option(name: .long, help: "The PulseAudio source to hear claps from (default: the server's default source).")
    var mic: String?

    @Option(name: .long, help: "The PulseAudio sink to play sounds to (default: the server's default sink).")
    var speaker: String?

    @Flag(name: .long, help: "Play no sound.")
    var noSound = false

    @Flag(name: .long, help: "Do not listen for claps.")
    var noMic = false

    /// Time jumps instead of passing, so that hours of the demo run in minutes: for tests of
    /// long runs only. Implies --no-sound and --no-mic, which need real time.
    @Flag(name: .long, help: .hidden)
    var virtualClock = false

    func validate() throws {
        if let duration, !(duration > 0 && duration.isFinite) { throw ValidationError("--duration must be a positive number of seconds") }
        if let fps, !(1...240).contains(fps) { throw ValidationError("--fps must be between 1 and 240") }
        if virtualClock && duration == nil { throw ValidationError("--virtual-clock needs --duration") }
    }

    func run() throws {
        // Files inherited from whoever started the demo are not its own: the end is compared with this.
        let filesAtStart = ProcessUsage.current().openFiles
        let realClock = MonotonicClock()
        let clock: DemoClock = virtualClock ? VirtualClock(start: realClock.now) : realClock
        let origin = clock.now
        let log = DemoLog(origin: origin, clock: { clock.now })
        StopSignal.install()

        let description = try scene.load()
        let wakeUp = LoopWakeUp()

        // The display first: a full-screen window's size is the size frames are drawn at.
        let display: DemoDisplay
        let size: (width: Int, height: Int)
        let canvas = (width: description.canvasWidth, height: description.canvasHeight)
        if let frames {
            display = FramesFolder(folder: frames, clock: clock, log: log)
            size = window.map { ($0.width, $0.height) } ?? canvas
        } else {
            guard let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
                throw ToolFailure(.badInput, "no X display: set DISPLAY, or use --frames DIR on a machine with no screen")
            }
            let windowDisplay = WindowDisplay(size: window.map { ($0.width, $0.height) }, clock: clock, log: log)
            display = windowDisplay
            size = window.map { ($0.width, $0.height) } ?? windowDisplay.windowSize ?? canvas
        }

        let attract = AttractLoop(scene: description, freshSeed: freshSeed, width: size.width, height: size.height)
        let framesPerSecond = fps ?? description.framesPerSecond
        let sceneClock = FixedStepClock(framesPerSecond: description.framesPerSecond, stepsPerSecond: description.simulationRate)
        let traceFile = try trace.map { try DemoTrace(path: $0, sceneClock: sceneClock, origin: origin, log: log) }

        log.line("demo of \"\(description.name)\": \(size.width)x\(size.height) at \(framesPerSecond) fps, "
            + "\(description.simulationRate) steps/s, \(freshSeed ? "a fresh seed each loop" : "seed \(description.seed)"); "
            + String(format: "wall 0 = CLOCK_MONOTONIC %.6f s", origin) + (virtualClock ? " (virtual clock)" : ""))

        var listener: ClapListener?
        if !noMic && !virtualClock {
            listener = ClapListener(device: mic, clock: realClock, log: log, wakeUp: wakeUp)
            listener?.start()
        }
        var soundtrack: LiveSoundtrack?
        if !noSound && !virtualClock {
            let output = SpeakerConnection(device: speaker, clock: realClock, log: log)
            if let listener { output.onPlayed = { listener.notePlayback($0, at: $1) } }
            soundtrack = LiveSoundtrack(speaker: output, canvasWidth: description.canvasWidth)
            soundtrack?.start()
        }

        let loop = DemoLoop(attract: attract, framesPerSecond: framesPerSecond, clock: clock, display: display,
                            trace: traceFile, soundtrack: soundtrack, listener: listener, wakeUp: wakeUp, log: log,
                            duration: duration)
        // The scene starts at wall 0: startup (the sound bank is synthesised then) is caught up
        // at once, so that in the trace `wall - t` is how late each step ran.
        let outcome = loop.run(from: origin)

        listener?.stop()
        soundtrack?.stop()
        display.close()
        traceFile?.close()
        let usage = ProcessUsage.current()
        log.line(String(format: "stopped by %@ after %.1f s: %d loop%@, %d steps, %d frames shown (%d skipped), %d clap%@ heard; "
                        + "peak memory %.1f MB, %d open files (%d at start)",
                        outcome.stoppedBy, outcome.seconds, outcome.loops, outcome.loops == 1 ? "" : "s", outcome.stepsRun,
                        outcome.framesShown, outcome.framesSkipped, outcome.claps, outcome.claps == 1 ? "" : "s",
                        Double(usage.peakResidentBytes) / 1_048_576, usage.openFiles, filesAtStart))
    }
}
