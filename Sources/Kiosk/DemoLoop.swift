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
    /// display is closed at the end. Each turn runs the stages below in order: heartbeat, stop,
    /// inputs, steps (starting the timeline again when it ends), frame, heap trim, wait.
    func run(from origin: Double) -> Outcome {
        let end = duration.map { origin + $0 }
        var progress = Progress(pacer: RealTimePacer(stepsPerSecond: attract.header.simulationRate, framesPerSecond: framesPerSecond,
                                                     origin: origin),
                                nextTrim: origin + HeapTrim.interval)
        progress.pass = startPass(wall: origin, outcome: &progress.outcome)
        notifier?.ready(status: "showing the first frames")

        while true {
            let now = clock.now
            sendHeartbeat(at: now, claps: progress.outcome.claps)
            if let reason = stopReason() {
                progress.outcome.stoppedBy = reason
                break
            }
            // At the end, the steps due still run, so the trace covers the whole duration.
            let finishing = end.map { now >= $0 } ?? false
            let inputs = takeInputs()
            traceSoundOutage(stepsRun: progress.stepsRun, wall: now)
            guard let pass = progress.pass else {
                // The game could not start: its message stays on the screen until the demo stops.
                if finishing { break }
                showErrorScreenIfDue(at: now, &progress)
                wait(until: progress.pacer.time(ofFrame: progress.lastShown + 1), end: end)
                continue
            }
            hand(inputs, to: pass, &progress)
            runDueSteps(at: now, finishing: finishing, end: end, &progress)
            if finishing { break }
            guard let simulation = progress.pass else { continue }
            if showFrameIfDue(of: simulation, at: now, &progress) {
                // Just after a frame went out, where the loop has the most time to spare.
                trimHeapIfDue(at: now, &progress)
            }
            wait(until: progress.pacer.nextWake(lastShown: progress.lastShown, stepsRun: progress.stepsRun), end: end)
        }
        return finish(&progress, origin: origin)
    }

    /// Where a run stands: the pass being played, how far it was stepped and shown, and what
    /// the run did so far.
    private struct Progress {
        var outcome = Outcome()
        /// When each step and frame of the pass is due.
        var pacer: RealTimePacer
        /// The pass of the timeline being played; nil once the game could not start.
        var pass: (any GameRun)?
        /// Steps of the pass run.
        var stepsRun = 0
        /// The pacer's number of the last frame shown in this pass; -1 for none.
        var lastShown = -1
        /// Frames the pacer called for (drawn or skipped): the display's numbering.
        var framesDue = 0
        /// Claps handed to the pass that no step has taken yet: a new pass gets them again.
        var unhandledClaps = 0
        /// When the heap is next trimmed.
        var nextTrim: Double
        /// Drawn once when the game cannot start, then shown at the display's pace.
        var errorScreen: ImageSurface?
    }

    /// What arrived since the last turn: touches on the window, claps heard, camera detections.
    private struct Inputs {
        var touches: [TouchSample]
        var claps: [ClapListener.HeardClap]
        var detections: [CVObservation]
    }

    // MARK: Stages of a turn

    /// Tells systemd the loop is alive. From this loop, not a thread of its own: a loop stuck
    /// in an X call stops the heartbeats.
    private func sendHeartbeat(at now: Double, claps: Int) {
        notifier?.loopTurned(at: now, framesShown: display?.framesShown ?? 0, claps: claps)
    }

    /// Why the loop stops now, if it does: a signal or the window being closed.
    private func stopReason() -> String? {
        if let signal = StopSignal.requested { return signal == SIGINT ? "SIGINT" : "SIGTERM" }
        if display?.closeRequested == true { return "the window being closed" }
        return nil
    }

    /// Takes everything that arrived, also when no pass is playing, so nothing old is kept.
    private func takeInputs() -> Inputs {
        Inputs(touches: display?.takeTouches() ?? [], claps: listener?.take() ?? [], detections: cameraStream?.take() ?? [])
    }

    /// Hands the touches, camera events and claps to the pass, for its next step.
    private func hand(_ inputs: Inputs, to pass: any GameRun, _ progress: inout Progress) {
        for touch in inputs.touches {
            pass.inject(.touch(TouchPoint(phase: touch.phase.touchPhase, x: touch.x, y: touch.y, time: touch.time)), source: "touch")
        }
        if cameraStream != nil {
            deliverCamera(inputs.detections, at: Double(progress.stepsRun) / Double(progress.pacer.stepsPerSecond), to: pass)
        }
        for clap in inputs.claps {
            trace?.noteHeardClap(onset: clap.onset, decided: clap.decided, strength: clap.strength)
            pass.inject(.clap, source: "mic")
            progress.unhandledClaps += 1
            progress.outcome.claps += 1
        }
    }

    /// How many steps of the pass must have run at `now`; after a long stall the pacer is
    /// moved on instead, and at the end only the steps due at the end count.
    private func stepsDue(at now: Double, finishing: Bool, end: Double?, _ progress: inout Progress) -> Int {
        let rate = progress.pacer.stepsPerSecond
        var due = progress.pacer.stepsDue(at: now)
        let behind = Double(due - progress.stepsRun) / Double(rate)
        if behind > 2 {
            // Suspended or starved: running every missed step at once would freeze the screen.
            progress.pacer.shift(by: behind - 1 / Double(rate))
            due = progress.pacer.stepsDue(at: now)
            log.line(String(format: "fell %.1f s behind (machine suspended or overloaded); the scene resumes where it was", behind))
        }
        // A clap handed to the pass is taken by a step at once, not at the next step's time.
        if progress.unhandledClaps > 0 && !finishing { due = progress.pacer.stepsDueForClap(at: now, stepsRun: progress.stepsRun) }
        // The last steps are those due at the end, not at the moment it was noticed.
        if finishing, let end { due = min(due, progress.pacer.stepsDue(at: end)) }
        return due
    }

    /// Runs every step due, however late, handing each batch's events to the trace and the
    /// sound; when the timeline ends, the next pass starts once its first step is due.
    private func runDueSteps(at now: Double, finishing: Bool, end: Double?, _ progress: inout Progress) {
        var due = stepsDue(at: now, finishing: finishing, end: end, &progress)
        while true {
            if progress.stepsRun == attract.stepsPerLoop {
                guard due > progress.stepsRun, startNextPass(at: now, &progress) else { return }
                due = progress.pacer.stepsDue(at: finishing ? min(now, end ?? now) : now)
            }
            guard due > progress.stepsRun, let simulation = progress.pass else { return }
            let target = min(due, attract.stepsPerLoop)
            simulation.advance(toFrame: target)
            progress.outcome.stepsRun += target - progress.stepsRun
            progress.stepsRun = target
            progress.unhandledClaps = 0
            deliver(simulation.drainTrace(), wall: now)
            listener?.follow(simulation.clapSensitivity)
        }
    }

    /// The timeline ended: starts the next pass exactly where this one stopped. False when
    /// the game cannot start, and from then on its message is shown.
    private func startNextPass(at now: Double, _ progress: inout Progress) -> Bool {
        progress.pacer.restart(afterSteps: progress.stepsRun)
        progress.lastShown = -1
        guard let next = startPass(wall: now, outcome: &progress.outcome) else {
            progress.pass = nil
            return false
        }
        progress.pass = next
        // A clap heard in the last instant of the pass goes into the new one.
        for _ in 0..<progress.unhandledClaps { next.inject(.clap, source: "mic") }
        progress.stepsRun = 0
        // A new pass is a new world: what the camera sees is detected in it afresh.
        cameraTracker = CVTracker()
        return true
    }

    /// The display's number for the frame due now, if a new one is; frames passed over since
    /// the last one shown are counted as skipped, never drawn.
    private func takeDueFrame(at now: Double, _ progress: inout Progress) -> Int? {
        guard let frame = progress.pacer.frameToShow(at: now, lastShown: progress.lastShown) else { return nil }
        if progress.lastShown >= 0 {
            let skipped = frame - progress.lastShown - 1
            progress.outcome.framesSkipped += skipped
            progress.framesDue += skipped
        }
        progress.lastShown = frame
        defer { progress.framesDue += 1 }
        return progress.framesDue
    }

    /// Draws and shows the pass's frame if one is due; true when one was.
    private func showFrameIfDue(of simulation: any GameRun, at now: Double, _ progress: inout Progress) -> Bool {
        guard let index = takeDueFrame(at: now, &progress) else { return false }
        show(simulation, index: index)
        return true
    }

    /// Shows the "taking a nap" screen if a frame is due.
    private func showErrorScreenIfDue(at now: Double, _ progress: inout Progress) {
        guard let index = takeDueFrame(at: now, &progress) else { return }
        showError(&progress.errorScreen, index: index)
    }

    /// Gives the heap's free pages back every `HeapTrim.interval` seconds.
    private func trimHeapIfDue(at now: Double, _ progress: inout Progress) {
        guard now >= progress.nextTrim else { return }
        HeapTrim.returnFreePages()
        progress.nextTrim = now + HeapTrim.interval
    }

    /// Sleeps until `wake`, or the end of the duration if sooner; a heard clap wakes it early.
    private func wait(until wake: Double, end: Double?) {
        clock.wait(until: end.map { min(wake, $0) } ?? wake, wakeUp: wakeUp)
    }

    /// Closes the display and counts what the run did.
    private func finish(_ progress: inout Progress, origin: Double) -> Outcome {
        progress.outcome.seconds = clock.now - origin
        notifier?.stopping()
        // Only the display knows what really went out (a PNG whose write fails is found out
        // after it was handed over): it counts once everything it was given is finished.
        display?.close()
        progress.outcome.framesShown = display?.framesShown ?? 0
        progress.outcome.framesNotShown = progress.framesDue - progress.outcome.framesSkipped - progress.outcome.framesShown
        progress.outcome.saved = attract.savedNow
        return progress.outcome
    }

    // MARK: Parts of the stages

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
    private func traceSoundOutage(stepsRun: Int, wall: Double) {
        guard let reason = soundOutage?.takeUntraced() else { return }
        let rate = attract.header.simulationRate
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
