import CVBus
import ECS
import Feedback
import Foundation
import GameKit
import SavedState
import Trace
import Vocabulary

/// A fruit the camera sees now, as the bus last reported it.
struct SightedFruit {
    var label: String
    var track: Int
    var box: CVBox
    var confidence: Double
    /// Arrival order, which the painter draws in.
    var serial: Int
}

/// Glitch Squad's simulation: the flow Hook → Base → Briefing → Hunt → Capture → Reward → Base
/// as a state machine on the fixed step, every transition traced; presses from the timeline or
/// a finger; the fruit from the CV bus; the capture by a steady hold. Pure: no clock, no I/O.
final class GlitchSquadSimulation: SteppedSimulation {
    /// Seconds of the hook before the base opens.
    static let hookSeconds = 4.0
    /// Seconds "TARGET LOCKED" is frozen before the reward.
    static let captureSeconds = 1.2
    /// Seconds the fruit takes to shrink into the backpack before the reward card.
    static let digitizeSeconds = 1.5
    /// Confidence strictly over which the target is acquired (the PRD's 80 %).
    static let acquireThreshold = 0.8
    /// Steps the hold lasts: 1.5 s at 60 Hz.
    static let holdSteps = 90
    /// How far (normalised) the box's centre may move from where the hold began: steady.
    static let maxDrift = 0.08

    /// Pixel's lines, by the sound that speaks them.
    static let hookLine = "System Failure... Power Critical... Agent, are you there?"
    static let stabilizedLine = "System Stabilized!"
    static let timeoutLine = "Time's up! Great running, Agent. Let's rest, and try again together!"
    static let giveUpLine = "That's okay, Agent! We can try again any time."

    let scene: GlitchSquadScene
    let mission: GlitchSquadMission
    let clock: FixedStepClock
    let outputWidth: Int
    let outputHeight: Int
    let frameCount: Int
    let switches: FeedbackSwitches
    private let world = World()
    private var bus: CVEventBus
    private var live: [LiveInput] = []
    private var liveSources: [String] = []
    private var presses: [GlitchSquadPress]
    private(set) var stepsRun = 0
    private var serials = 0
    var trace: [TraceEvent] = []
    private let saved: SavedValues

    private(set) var phase: GlitchSquadPhase = .hook
    private var phaseStartStep = 0
    private var hold = SteadyHold(threshold: GlitchSquadSimulation.acquireThreshold, steps: GlitchSquadSimulation.holdSteps,
                                  maxDrift: GlitchSquadSimulation.maxDrift)
    /// What the hunt's timer shows.
    private var remaining: Int
    private var lastTickStep: Int?
    private var capturedBox: CVBox?
    private var flashlight = false
    private var battery: Int
    private var coins: Int
    private var missionIndex: Int
    private var baseRepaired: Bool
    private var won = false
    private var ending: String?
    private var speaking: String?

    /// A run of `scene` with `options` (size, rate, seed, length, a log, the mock, the profile's values).
    init(scene: GlitchSquadScene, options: RunOptions, subscription: CVSubscription) {
        self.scene = scene
        saved = options.saved
        let savedIndex = Int(options.saved["currentMissionIndex"]?.number ?? 0)
        missionIndex = min(max(0, savedIndex), GlitchSquadMission.campaign.count)
        let number = scene.mission ?? min(missionIndex + 1, GlitchSquadMission.campaign.count)
        mission = GlitchSquadMission.campaign[number - 1].forHunt(seconds: scene.huntSeconds)
        coins = max(0, Int(options.saved["totalCoins"]?.number ?? 0))
        baseRepaired = options.saved["isBaseRepaired"]?.flag ?? false
        battery = mission.batteryBefore
        remaining = scene.huntSeconds
        (outputWidth, outputHeight) = options.outputSize(for: scene.header)
        clock = options.clock(for: scene.header)
        frameCount = clock.frameCount(forDuration: scene.header.duration)
        presses = scene.presses
        switches = FeedbackSwitches(soundEnabled: scene.settings.sound, haptics: scene.settings.haptics,
                                    reduceMotion: scene.settings.reduceMotion)
        bus = options.cvBus(scene: scene.cv, subscription: subscription, stepsPerSecond: scene.header.simulationRate,
                            duration: scene.header.duration)
    }

    var movingParts: Int { world.count(of: SightedFruit.self) }

    func inject(_ input: LiveInput, source: String) {
        live.append(input)
        liveSources.append(source)
    }

    func savedChanges() -> SavedValues {
        let now = SavedValues([
            "currentMissionIndex": .integer(Int64(missionIndex)), "totalCoins": .integer(Int64(coins)),
            "isBaseRepaired": .flag(baseRepaired),
        ])
        return now.changes(since: saved)
    }

    // MARK: Steps

    private var stepsPerSecond: Int { scene.header.simulationRate }
    private var phaseSeconds: Double { Double(stepsRun - phaseStartStep) / Double(stepsPerSecond) }

    func step() {
        if stepsRun == 0 { enter(.hook, cause: "start") }
        let now = clock.time(afterSteps: stepsRun)
        while let press = presses.first, press.time <= now + 1e-9 {
            presses.removeFirst()
            handle(press.button, source: "timeline")
        }
        for (input, source) in zip(live, liveSources) {
            switch input {
            case .touch(let touch) where touch.phase == .began:
                // A child took over from the script: its presses are no longer pressed for them.
                if input.takesOverFromScript { presses.removeAll() }
                let layout = GlitchSquadLayout(width: Double(outputWidth), height: Double(outputHeight))
                if let button = layout.button(at: touch.x, touch.y, phase: phase) { handle(button, source: source) }
            case .cv(let event):
                see(event)
            default:
                break
            }
        }
        live.removeAll()
        liveSources.removeAll()
        for event in bus.take(through: stepsRun) { see(event) }
        switch phase {
        case .hook:
            if phaseSeconds >= Self.hookSeconds { enter(.base, cause: "auto") }
        case .hunt:
            hunt()
        case .capture:
            if phaseSeconds >= Self.captureSeconds { win() }
        case .base, .briefing, .reward:
            break
        }
        stepsRun += 1
    }

    private func hunt() {
        // The timer shows huntSeconds at the start and ticks once a second, down to 0.
        let elapsed = stepsRun - phaseStartStep
        if elapsed > 0 && elapsed % stepsPerSecond == 0 {
            let remainingSeconds = scene.huntSeconds - elapsed / stepsPerSecond
            // Since the tick before, or since the timer started: a second, always.
            let interval = Double(stepsRun - (lastTickStep ?? phaseStartStep)) / Double(stepsPerSecond)
            lastTickStep = stepsRun
            remaining = max(0, remainingSeconds)
            record(.tick(remaining: remaining, interval: interval))
            play(GlitchSquadSounds.tick)
            if remaining == 0 {
                endHold()
                ending = "timeout"
                enter(.base, cause: "timeout")
                say(Self.timeoutLine, GlitchSquadSounds.timeoutLine)
                return
            }
        }
        let target = fruit(mission.target)
        let change = hold.sample(confidence: target?.confidence ?? 0, centre: target.map { ($0.box.centre.x, $0.box.centre.y) },
                                 step: stepsRun)
        switch change {
        case .none:
            if let since = hold.heldSince, (stepsRun - since) % 30 == 0, stepsRun > since {
                feel(.light) // the continuous vibration while the child holds steady
            }
        case .began:
            record(.acquired(label: mission.target, confidence: target?.confidence ?? 0))
            feel(.light)
            play(GlitchSquadSounds.lockOn)
        case .reset(let reason):
            record(.holdReset(label: mission.target, reason: reason.rawValue, heldSteps: heldSteps(ending: stepsRun)))
        case .completed:
            record(.capture(label: mission.target, heldSteps: Self.holdSteps, target: true))
            capturedBox = target?.box
            feel(.success)
            play(GlitchSquadSounds.capture)
            enter(.capture, cause: "hold")
        }
    }

    private var holdBeganStep: Int?

    /// The hunt ends with a hold under way: it is traced as broken, so every hold ends in the trace.
    private func endHold() {
        guard hold.heldSince != nil else { return }
        record(.holdReset(label: mission.target, reason: "ended", heldSteps: heldSteps(ending: stepsRun)))
    }

    private func heldSteps(ending step: Int) -> Int { holdBeganStep.map { step - $0 } ?? 0 }

    private func win() {
        won = true
        let before = battery
        battery = mission.batteryAfter
        record(.battery(from: before, to: battery, mission: mission.number))
        coins += mission.coins
        missionIndex = max(missionIndex, mission.number)
        if mission.number == GlitchSquadMission.campaign.count { baseRepaired = true }
        enter(.reward, cause: "auto")
        play(GlitchSquadSounds.powerUp)
        say(Self.stabilizedLine, GlitchSquadSounds.stabilizedLine)
        record(.reward(coins: mission.coins, total: coins, mission: mission.number))
    }

    private func handle(_ button: GlitchSquadButton, source: String) {
        let refusal: String?
        switch (button, phase) {
        case (.missionCard, .base): refusal = won ? "mission_won" : ending == nil ? nil : "mission_over"
        case (.accept, .briefing), (.giveUp, .hunt), (.flashlight, .hunt), (.returnToBase, .reward): refusal = nil
        default: refusal = "no_button"
        }
        if let refusal {
            // Nothing happens on screen, as on the phone; the trace says so.
            return record(.refused(button: button.rawValue, phase: phase, reason: refusal, source: source))
        }
        record(.press(button: button.rawValue, source: source))
        play(GlitchSquadSounds.press)
        switch button {
        case .missionCard:
            enter(.briefing, cause: "press")
            say(mission.problem + " " + mission.prompt, GlitchSquadSounds.briefingLine(mission.number))
        case .accept:
            record(.accept(label: scene.buttonLabel.text))
            feel(.heavy)
            enter(.hunt, cause: "press")
        case .giveUp:
            endHold()
            ending = "give_up"
            enter(.base, cause: "give_up")
            say(Self.giveUpLine, GlitchSquadSounds.giveUpLine)
        case .flashlight:
            flashlight.toggle()
        case .returnToBase:
            enter(.base, cause: "press")
            record(.save(currentMissionIndex: missionIndex, totalCoins: coins, isBaseRepaired: baseRepaired))
        }
    }

    private func enter(_ next: GlitchSquadPhase, cause: String) {
        record(.phase(from: stepsRun == 0 && next == .hook ? nil : phase, to: next, cause: cause, mission: mission.number))
        phase = next
        phaseStartStep = stepsRun
        switch next {
        case .hook:
            play(GlitchSquadSounds.staticNoise)
            say(Self.hookLine, GlitchSquadSounds.hookLine)
        case .hunt:
            hold = SteadyHold(threshold: Self.acquireThreshold, steps: Self.holdSteps, maxDrift: Self.maxDrift)
            lastTickStep = nil
        default:
            break
        }
    }

    // MARK: The camera

    private func see(_ event: CVEvent) {
        guard GlitchSquadMission.fruits.contains(event.label) else { return }
        switch event.kind {
        case .objectDetected, .objectMoved:
            if let entity = entity(event.label, event.track) {
                world.modify(SightedFruit.self, of: entity) { fruit in
                    fruit.box = event.box
                    fruit.confidence = event.confidence
                }
            } else {
                serials += 1
                _ = world.add(SightedFruit(label: event.label, track: event.track, box: event.box, confidence: event.confidence,
                                           serial: serials), to: world.create())
                if phase == .hunt {
                    record(.sighted(label: event.label, confidence: event.confidence, target: event.label == mission.target))
                }
            }
        case .objectRemoved:
            if let entity = entity(event.label, event.track) { world.destroy(entity) }
        case .permissionDenied, .unavailable:
            break
        }
    }

    private func entity(_ label: String, _ track: Int) -> Entity? {
        var found: Entity?
        world.query(SightedFruit.self).forEach { entity, fruit in
            if fruit.label == label && fruit.track == track { found = entity }
        }
        return found
    }

    /// The most confident fruit of `label` in view.
    private func fruit(_ label: String) -> SightedFruit? {
        var best: SightedFruit?
        world.query(SightedFruit.self).forEach { _, fruit in
            if fruit.label == label && fruit.confidence > (best?.confidence ?? -1) { best = fruit }
        }
        return best
    }

    // MARK: Trace and feedback

    private func record(_ event: GlitchSquadEvent) {
        if case .acquired = event { holdBeganStep = stepsRun }
        record(event as any TraceableEvent)
    }

    private func play(_ sound: SoundName) {
        recordSound(sound, x: Float(scene.header.canvasWidth) / 2, switches: switches)
    }

    private func feel(_ kind: HapticKind) {
        recordHaptic(kind, switches: switches)
    }

    /// Pixel says `text`: the words on screen and in the trace, his voice in the soundtrack while sound is on.
    private func say(_ text: String, _ sound: SoundName) {
        speaking = text
        speechStep = stepsRun
        record(.speech(text: text, sound: sound.rawValue))
        play(sound)
    }

    private var speechStep = 0

    // MARK: The snapshot

    func snapshot() -> GlitchSquadSnapshot {
        var fruits: [SightedFruit] = []
        world.query(SightedFruit.self).forEach { _, fruit in fruits.append(fruit) }
        fruits.sort { $0.serial < $1.serial }
        let huntElapsed = phase == .hunt ? Double(stepsRun - phaseStartStep) / Double(stepsPerSecond) : 0
        let holding = phase == .hunt && hold.heldSince != nil
        return GlitchSquadSnapshot(
            width: outputWidth, height: outputHeight, seed: scene.header.seed, phase: phase, phaseSeconds: phaseSeconds,
            time: clock.time(afterSteps: stepsRun), mission: mission, settings: scene.settings, buttonLabel: scene.buttonLabel.text,
            battery: battery, coins: coins, baseRepaired: baseRepaired, won: won, ending: ending,
            fruits: fruits.map { GlitchSquadSnapshot.Fruit(label: $0.label, box: $0.box, confidence: $0.confidence,
                                                           target: $0.label == mission.target,
                                                           green: $0.label == mission.target && $0.confidence > Self.acquireThreshold) },
            holding: holding, holdProgress: holding ? hold.progress : 0, remainingSeconds: remaining, huntSeconds: huntElapsed,
            pan: pan(at: huntElapsed), flashlight: flashlight, capturedBox: capturedBox, line: speaking,
            lineSeconds: Double(stepsRun - speechStep) / Double(stepsPerSecond))
    }

    private func pan(at seconds: Double) -> Double {
        let frames = scene.cameraPan
        guard let first = frames.first else { return 0.5 }
        guard let after = frames.firstIndex(where: { $0.time >= seconds }) else { return frames.last!.pan }
        guard after > 0 else { return first.pan }
        let (a, b) = (frames[after - 1], frames[after])
        return a.pan + (b.pan - a.pan) * (seconds - a.time) / (b.time - a.time)
    }
}
