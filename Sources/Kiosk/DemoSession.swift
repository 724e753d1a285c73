import Foundation
import Audio
import ECS
import GameKit
import Output

/// The kiosk demo from start to stop: opens the display, the microphone and the speaker
/// the configuration asks for, runs the attract loop, closes everything and logs one line
/// about the run. Parts that are missing or go away are logged and retried, never fatal.
public enum DemoSession {
    /// Runs the demo until its duration ends, a stop signal arrives or the window is closed.
    public static func run(_ configuration: DemoConfiguration) throws {
        // Files inherited from whoever started the demo are not its own: the end is compared with this.
        let filesAtStart = ProcessUsage.current().openFiles
        let realClock = MonotonicClock()
        let clock: DemoClock = configuration.virtualClock ? VirtualClock(start: realClock.now) : realClock
        let origin = clock.now
        let log = DemoLog(origin: origin, clock: { clock.now })
        StopSignal.install()

        let opened = configuration.scene
        let description = opened.scene.header
        // A scene the game does not play live (a shared session: a `GameRunError`) is refused
        // before anything opens. Any other failure is the game's own: the demo opens as usual
        // and shows the child the "taking a nap" screen instead (DemoLoop).
        var probe = AttractLoop(scene: opened, freshSeed: false, width: description.canvasWidth, height: description.canvasHeight)
        do {
            _ = try probe.next()
        } catch let error as GameRunError {
            throw error
        } catch {}
        let wakeUp = LoopWakeUp()
        let window = configuration.windowSize
        // The camera stream before any file or window: a socket that cannot be made stops the
        // demo having made nothing.
        var cameraStream: CVStreamListener?
        if let source = configuration.cvStream {
            let stream = CVStreamListener(source: source, log: log, wakeUp: wakeUp)
            try stream.start()
            cameraStream = stream
        }
        defer { cameraStream?.stop() }

        // The display first: a full-screen window's size is the size frames are drawn at.
        let display: DemoDisplay
        let size: (width: Int, height: Int)
        let canvas = (width: description.canvasWidth, height: description.canvasHeight)
        if let frames = configuration.framesFolder {
            display = FramesFolder(folder: frames, clock: clock, log: log)
            size = window ?? canvas
        } else {
            guard let name = configuration.xDisplay, !name.isEmpty else { throw KioskError.noDisplay }
            let windowDisplay = WindowDisplay(size: window, clock: clock, log: log)
            display = windowDisplay
            size = window ?? windowDisplay.windowSize ?? canvas
        }

        let freshSeed = configuration.freshSeed
        var attract = AttractLoop(scene: opened, freshSeed: freshSeed, width: size.width, height: size.height,
                                  saved: configuration.profile?.loaded)
        attract.cvRecording = configuration.cvRecording
        attract.cvMock = configuration.cvMock
        let framesPerSecond = configuration.framesPerSecond ?? description.framesPerSecond
        let sceneClock = FixedStepClock(framesPerSecond: description.framesPerSecond, stepsPerSecond: description.simulationRate)
        let traceFile = try configuration.tracePath.map { try DemoTrace(path: $0, sceneClock: sceneClock, origin: origin, log: log) }
        // The microphone stream is always asked for at 48 kHz (PulseAudio converts).
        let roomRecorder = try configuration.roomRecording.map { path in
            do {
                return try RoomRecording.Writer(path: path, sampleRate: 48_000, origin: origin)
            } catch {
                throw KioskError.unwritable("\(error)")
            }
        }

        log.line("demo of \"\(description.name)\": \(size.width)x\(size.height) at \(framesPerSecond) fps, "
            + "\(description.simulationRate) steps/s, \(freshSeed ? "a fresh seed each loop" : "seed \(description.seed)"); "
            + String(format: "wall 0 = CLOCK_MONOTONIC %.6f s", origin) + (configuration.virtualClock ? " (virtual clock)" : ""))

        if configuration.listens && !configuration.virtualClock {
            switch configuration.echo {
            case .bands:
                log.line("echo: the microphone is compared with what the demo plays, band by band (--echo bands); "
                         + "the playback gate until the echo's delay is found")
            case .off:
                log.line("echo: off (--echo off): the demo's own sound is not kept from the microphone")
            }
        }
        var listener: ClapListener?
        if configuration.listens && !configuration.virtualClock {
            let sceneSensitivity = opened.scene.clapSensitivity.flatMap(ClapSensitivity.init(rawValue:)) ?? .medium
            listener = ClapListener(device: configuration.microphone, echo: configuration.echo, sensitivity: configuration.clapSensitivity ?? sceneSensitivity,
                                    fixed: configuration.clapSensitivity != nil, explains: configuration.explainsRefusals,
                                    recorder: roomRecorder, clock: realClock, log: log, wakeUp: wakeUp)
            listener?.start()
        }
        var soundtrack: LiveSoundtrack?
        var soundOutage: SoundOutage?
        if configuration.playsSound && !configuration.virtualClock {
            let output = SpeakerConnection(device: configuration.speaker, clock: realClock, log: log)
            soundOutage = output.outageNotice
            if let listener { output.onPlayed = { listener.notePlayback($0, at: $1) } }
            soundtrack = LiveSoundtrack(speaker: output, bank: try opened.game.sounds(for: opened.scene, options: RunOptions(saved: attract.saved)), canvasWidth: description.canvasWidth)
            soundtrack?.start()
        }

        var parts = DemoLoop.Parts(attract: attract, framesPerSecond: framesPerSecond, clock: clock, display: display,
                                   trace: traceFile, soundtrack: soundtrack, soundOutage: soundOutage, listener: listener,
                                   wakeUp: wakeUp, log: log, duration: configuration.duration)
        parts.cameraStream = cameraStream
        parts.notifier = SystemdNotifier()
        let loop = DemoLoop(parts)
        // The scene starts at wall 0: startup (the sound bank is synthesised then) is caught up
        // at once, so that in the trace `wall - t` is how late each step ran.
        let outcome = loop.run(from: origin)

        listener?.stop()
        soundtrack?.stop()
        traceFile?.close()
        if let profile = configuration.profile {
            let changes = try profile.save(outcome.saved.changes(since: profile.loaded))
            log.line("saved \(changes.count) value\(changes.count == 1 ? "" : "s") to the profile \(profile.store.path)")
        }
        let usage = ProcessUsage.current()
        log.line(String(format: "stopped by %@ after %.1f s: %d loop%@, %d steps, %d frames shown (%d skipped, %d not shown), "
                        + "%d clap%@ heard; peak memory %.1f MB, %d open files (%d at start)",
                        outcome.stoppedBy, outcome.seconds, outcome.loops, outcome.loops == 1 ? "" : "s", outcome.stepsRun,
                        outcome.framesShown, outcome.framesSkipped, outcome.framesNotShown, outcome.claps, outcome.claps == 1 ? "" : "s",
                        Double(usage.peakResidentBytes) / 1_048_576, usage.openFiles, filesAtStart))
        if let failure = outcome.gameFailure { throw KioskError.gameDidNotStart(failure) }
    }
}
