import Drawing
import CVBus
import ECS
#if canImport(Glibc)
import Glibc
#endif
import GameKit
import SavedState
import Output
import Trace

/// The demo's real-time loop, on the main thread: the simulation's fixed steps follow the
/// clock (every step runs, however late), frames are drawn at the display's pace (a late
/// one is skipped, never a step), heard claps go into the next step, the trace and the sound
/// get each step's events, and the attract loop starts the timeline again when it ends.
final class DemoLoop {
    /// What a run did, for the last line of the log.
    struct Outcome {
        var seconds = 0.0
        var loops = 0
        var stepsRun = 0
        /// Frames that really reached the display: drawn and shown in the window, or written as PNGs.
        var framesShown = 0
        /// Frames skipped because the loop was late: never drawn.
        var framesSkipped = 0
        /// Frames due and not skipped that still reached nothing: no window or folder at the
        /// time, a drawing that failed, a PNG that could not be written.
        var framesNotShown = 0
        var claps = 0
        var stoppedBy: String = "the end of its duration"
        /// Why the game could not start (its first pass, or a later one): from then on the
        /// child saw the "taking a nap" screen.
        var gameFailure: String?
        /// What the game keeps, as the passes left it.
        var saved = SavedValues.none
    }

    /// What the loop runs with: the scene's attract loop and the parts around it.
    struct Parts {
        /// The scene, started again each time its timeline ends.
        var attract: AttractLoop
        /// Frames shown per second.
        var framesPerSecond: Int
        /// The clock steps and frames are paced by.
        var clock: DemoClock
        /// Where frames are shown; nil draws nothing.
        var display: DemoDisplay?
        /// Where the trace goes, if anywhere.
        var trace: DemoTrace?
        /// Plays each step's sound cues, if sound is on.
        var soundtrack: LiveSoundtrack?
        /// Tells of the speaker failing, which is traced once per outage while play goes on silently.
        var soundOutage: SoundOutage?
        /// Hears claps, if the microphone is on.
        var listener: ClapListener?
        /// Wakes the loop early when a clap is heard.
        var wakeUp: LoopWakeUp?
        /// The demo's log on standard error.
        var log: DemoLog
        /// Seconds to run; nil runs until a signal.
        var duration: Double?
        /// Live camera detections, if a stream is open.
        var cameraStream: CVStreamListener?
        /// systemd's supervisor, when the demo runs under it: heartbeats from this loop.
        var notifier: SystemdNotifier?
    }

    private var attract: AttractLoop
    private let framesPerSecond: Int
    private let clock: DemoClock
    private let display: DemoDisplay?
    private let trace: DemoTrace?
    private let soundtrack: LiveSoundtrack?
    private let soundOutage: SoundOutage?
    private let listener: ClapListener?
    private let wakeUp: LoopWakeUp?
    private let log: DemoLog
    private let duration: Double?
    private let cameraStream: CVStreamListener?
    private let notifier: SystemdNotifier?
    /// The live stream's detections, tracked into events on the pass's own clock.
    private var cameraTracker = CVTracker()
    /// The camera events the scene's game takes.
    private let cameraSubscription: CVSubscription

    /// The loop of `parts.attract`'s scene.
    init(_ parts: Parts) {
        attract = parts.attract
        framesPerSecond = parts.framesPerSecond
        clock = parts.clock
        display = parts.display
        trace = parts.trace
        soundtrack = parts.soundtrack
        soundOutage = parts.soundOutage
        listener = parts.listener
        wakeUp = parts.wakeUp
        log = parts.log
        duration = parts.duration
        cameraStream = parts.cameraStream
        notifier = parts.notifier
        cameraSubscription = parts.attract.scene.game.info.cvSubscription
    }

    /// Runs until `duration` has passed, a stop signal arrives or the window is closed; the
    /// display is closed at the end.
    func run(from origin: Double) -> Outcome {
        var outcome = Outcome()
        let rate = attract.header.simulationRate
        let end = duration.map { origin + $0 }
        var pacer = RealTimePacer(stepsPerSecond: rate, framesPerSecond: framesPerSecond, origin: origin)
        var current = startPass(wall: origin, outcome: &outcome)
        // Drawn once when the game cannot start, then shown at the display's pace.
        var errorScreen: ImageSurface?
        var stepsRun = 0
        var lastShown = -1
        var framesDue = 0  // frames the pacer called for (drawn or skipped): the display's numbering
        var unhandledClaps = 0
        var nextTrim = origin + HeapTrim.interval
        notifier?.ready(status: "showing the first frames")

        while true {
            let now = clock.now
            // From this loop, not a thread of its own: a loop stuck in an X call stops them.
            notifier?.loopTurned(at: now, framesShown: display?.framesShown ?? 0, claps: outcome.claps)
            if let signal = StopSignal.requested {
                outcome.stoppedBy = signal == SIGINT ? "SIGINT" : "SIGTERM"
                break
            }
            if display?.closeRequested == true {
                outcome.stoppedBy = "the window being closed"
                break
            }
            // At the end, the steps due still run, so the trace covers the whole duration.
            let finishing = end.map { now >= $0 } ?? false

            let touches = display?.takeTouches() ?? []
            let heard = listener?.take() ?? []
            let seen = cameraStream?.take() ?? []
            traceSoundOutage(stepsRun: stepsRun, rate: rate, wall: now)
            guard let running = current else {
                // The game could not start: its message stays on the screen until the demo stops.
                if finishing { break }
                if let frame = pacer.frameToShow(at: now, lastShown: lastShown) {
                    if lastShown >= 0 {
                        outcome.framesSkipped += frame - lastShown - 1
                        framesDue += frame - lastShown - 1
                    }
                    lastShown = frame
                    showError(&errorScreen, index: framesDue)
                    framesDue += 1
                }
                var wake = pacer.time(ofFrame: lastShown + 1)
                if let end { wake = min(wake, end) }
                clock.wait(until: wake, wakeUp: wakeUp)
                continue
            }
            for touch in touches {
                running.inject(.touch(TouchPoint(phase: touch.phase.touchPhase, x: touch.x, y: touch.y, time: touch.time)),
                               source: "touch")
            }
            if cameraStream != nil {
                deliverCamera(seen, at: Double(stepsRun) / Double(rate), to: running)
            }
            for clap in heard {
                trace?.noteHeardClap(onset: clap.onset, strength: clap.strength)
                running.inject(.clap, source: "mic")
                unhandledClaps += 1
                outcome.claps += 1
            }

            var due = pacer.stepsDue(at: now)
            let behind = Double(due - stepsRun) / Double(rate)
            if behind > 2 {
                // Suspended or starved: running every missed step at once would freeze the screen.
                pacer.shift(by: behind - 1 / Double(rate))
                due = pacer.stepsDue(at: now)
                log.line(String(format: "fell %.1f s behind (machine suspended or overloaded); the scene resumes where it was", behind))
            }
            // The last steps are those due at the end, not at the moment it was noticed.
            if finishing, let end { due = min(due, pacer.stepsDue(at: end)) }
            while true {
                if stepsRun == attract.stepsPerLoop {
                    // The timeline ended: the next pass starts exactly where this one stopped,
                    // once its first step is due.
                    guard due > stepsRun else { break }
                    pacer.restart(afterSteps: stepsRun)
                    guard let next = startPass(wall: now, outcome: &outcome) else {
                        current = nil
                        lastShown = -1
                        break
                    }
                    current = next
                    // A clap heard in the last instant of the pass goes into the new one.
                    for _ in 0..<unhandledClaps { next.inject(.clap, source: "mic") }
                    stepsRun = 0
                    lastShown = -1
                    // A new pass is a new world: what the camera sees is detected in it afresh.
                    cameraTracker = CVTracker()
                    due = pacer.stepsDue(at: finishing ? min(now, end ?? now) : now)
                }
                guard due > stepsRun, let simulation = current else { break }
                let target = min(due, attract.stepsPerLoop)
                simulation.advance(toFrame: target)
                outcome.stepsRun += target - stepsRun
                stepsRun = target
                unhandledClaps = 0
                deliver(simulation.drainTrace(), wall: now)
                listener?.follow(simulation.clapSensitivity)
            }

            if finishing { break }
            guard let simulation = current else { continue }
            if let frame = pacer.frameToShow(at: now, lastShown: lastShown) {
                if lastShown >= 0 {
                    outcome.framesSkipped += frame - lastShown - 1
                    framesDue += frame - lastShown - 1
                }
                lastShown = frame
                show(simulation, index: framesDue)
                framesDue += 1
                // Just after a frame went out, where the loop has the most time to spare.
                if now >= nextTrim {
                    HeapTrim.returnFreePages()
                    nextTrim = now + HeapTrim.interval
                }
            }

            var wake = pacer.nextWake(lastShown: lastShown, stepsRun: stepsRun)
            if let end { wake = min(wake, end) }
            clock.wait(until: wake, wakeUp: wakeUp)
        }
        outcome.seconds = clock.now - origin
        notifier?.stopping()
        // Only the display knows what really went out (a PNG whose write fails is found out
        // after it was handed over): it counts once everything it was given is finished.
        display?.close()
        outcome.framesShown = display?.framesShown ?? 0
        outcome.framesNotShown = framesDue - outcome.framesSkipped - outcome.framesShown
        outcome.saved = attract.savedNow
        return outcome
    }

    /// Starts the next pass of the timeline and traces its opening; nil when the game cannot
    /// start, which is logged and traced once, and from then on its message is shown.
    private func startPass(wall: Double, outcome: inout Outcome) -> (any GameRun)? {
        let simulation: any GameRun
        do {
            simulation = try attract.next()
        } catch {
            // A scene the demo cannot play at all was refused before it started; this is the
            // game itself failing. The child sees the reference's words, never the cause.
            let failure = ChildFacingError.gameFailedToStart
            outcome.loops = attract.number
            outcome.gameFailure = "\(error)"
            log.line("the game \(attract.scene.game.id) cannot start: \(error); showing \"\(failure.message)\"")
            trace?.write([failure.traceEvent(t: 0, frame: 0, detail: "\(error)")], wall: wall)
            return nil
        }
        outcome.loops = attract.number
        trace?.loopStarted(number: attract.number, seed: attract.seed, wall: wall)
        deliver(simulation.drainTrace(), wall: wall)
        // Each pass starts from the scene's own settings.
        listener?.follow(simulation.clapSensitivity)
        return simulation
    }

    /// Traces the speaker's failure once per outage; the show goes on without sound.
    private func traceSoundOutage(stepsRun: Int, rate: Int, wall: Double) {
        guard let reason = soundOutage?.takeUntraced() else { return }
        trace?.write([ChildFacingError.audioFailed.traceEvent(t: Double(stepsRun) / Double(rate), frame: stepsRun, detail: reason)],
                     wall: wall)
    }

    /// Shows the "taking a nap" screen, drawn at the display's size the first time.
    private func showError(_ screen: inout ImageSurface?, index: Int) {
        guard let display, display.wantsFrame else { return }
        if screen == nil, let surface = ImageSurface(width: attract.width, height: attract.height) {
            ChildFacingError.gameFailedToStart.paint(on: surface.makeContext())
            screen = surface
        }
        guard let screen else {
            log.line("cannot draw the frame: \(RenderError.badCanvas(width: attract.width, height: attract.height))")
            return
        }
        display.show(screen.pixels, index: index)
    }

    /// Tracks the stream's detections (stamped `time`, the pass's clock, as they arrive) and
    /// hands the game the events it subscribes to, for its next step.
    private func deliverCamera(_ observations: [CVObservation], at time: Double, to simulation: any GameRun) {
        var events: [CVEvent] = []
        for observation in observations { events += cameraTracker.observe(observation.retimed(to: time)) }
        events += cameraTracker.expire(through: time)
        for event in events where cameraSubscription.accepts(event) { simulation.inject(.cv(event), source: "cv") }
    }

    private func deliver(_ events: [TraceEvent], wall: Double) {
        guard !events.isEmpty else { return }
        trace?.write(events, wall: wall)
        soundtrack?.play(events)
    }

    /// Draws the frame and hands it to the display, which counts it if it really shows it.
    private func show(_ simulation: any GameRun, index: Int) {
        guard let display, display.wantsFrame else { return }
        do {
            display.show(try simulation.drawFrame(), index: index)
        } catch {
            log.line("cannot draw the frame: \(error)")
        }
    }
}

extension PointerPhase {
    /// The game's word for the pointer's phase.
    var touchPhase: TouchPoint.Phase {
        switch self {
        case .down: return .began
        case .moved: return .moved
        case .up: return .ended
        }
    }
}
