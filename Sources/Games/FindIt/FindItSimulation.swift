import CVBus
import ECS
import Feedback
import GameKit
import SavedState
import Trace
import Vocabulary

/// What the painter draws: the screen and everything on it, in plain values.
struct FindItSnapshot {
    struct Tile: Equatable {
        var id: String
        var name: String
        var hint: String
        var difficulty: Int
        var thumbnail: [UInt8]
        var photos: Int
        var found: Bool
    }

    var width: Int
    var height: Int
    var screen: FindItScreen
    /// Seconds since the screen changed.
    var screenAge: Double
    /// Seconds on the scene's clock.
    var time: Double
    var tiles: [Tile]
    var settings: FindItSettings
    // The hunt.
    var band: HuntBand
    var confidence: Double
    var holdProgress: Double
    /// Seconds since the last band change (the border's pulse) and since the last reset.
    var bandAge: Double
    var sinceReset: Double?
    var remaining: Double?
    var found: Bool
    // Registration.
    var photosTaken: [[UInt8]]
    var nextAngle: PhotoAngle
    var minimumPhotos: Int
    var recommendedPhotos: Int
    var message: String?
    var trainingProgress: Double?
    /// The item being saved (its form: name, hint, difficulty) while the model retrains.
    var savingItem: Tile?
    var modelVersion: Int
    var seed: UInt64
}

/// FindIt's simulation: the document's screens as a traced state machine driven by the
/// scene's flow (or a kiosk's taps), recognition sampled from the CV bus's signals a few
/// times a second, the hot-and-cold bands, the hold ring, registration and its retraining,
/// and the time attack. Pure: no clock, no I/O, no randomness.
final class FindItSimulation: SteppedSimulation {
    let scene: FindItScene
    let clock: FixedStepClock
    let outputWidth: Int
    let outputHeight: Int
    let frameCount: Int
    private let feedback: FeedbackSwitches
    private var signals: RecognitionSignals
    private var bus: CVEventBus
    private(set) var stepsRun = 0
    var trace: [TraceEvent] = []
    private var flowIndex = 0
    private var liveTaps: [FlowStep.Action] = []

    // The catalogue.
    private(set) var catalogue: [FindItItem]
    private var found: [String] = []
    private var saved: [FindItItem] = []
    private var modelVersion = 1

    // Navigation.
    private(set) var screen: FindItScreen = .home
    private var screenStep = 0

    // The hunt.
    private var band: HuntBand = .cold
    private var bandStep = 0
    private var confidence = 0.0
    private var hold: SteadyHold
    private var lastReset: Int?
    private var huntStep = 0
    private var succeeded = false
    private var lastCountdown: Int?

    // Registration.
    private var photos: [FindItPhoto] = []
    private var attempts = 0
    private var message: (text: String, step: Int)?
    private var training: (start: Int, length: Int, lastTenth: Int)?

    /// A run of `scene` with `options`, starting from the catalogue `loaded` from a profile.
    init(scene: FindItScene, options: RunOptions, subscription: CVSubscription, loaded: [FindItItem] = []) {
        self.scene = scene
        (outputWidth, outputHeight) = options.outputSize(for: scene.header)
        clock = options.clock(for: scene.header)
        frameCount = clock.frameCount(forDuration: scene.header.duration)
        feedback = FeedbackSwitches(soundEnabled: scene.settings.sound, haptics: scene.settings.haptics,
                                    reduceMotion: scene.settings.reduceMotion)
        signals = RecognitionSignals(observations: scene.cv.observations + (options.cvRecording?.observations ?? []),
                                     settings: scene.cv.settings)
        bus = options.cvBus(scene: CVSceneSetup(settings: scene.cv.settings), subscription: subscription,
                            stepsPerSecond: scene.header.simulationRate, duration: scene.header.duration)
        // The profile's items first (registered earlier), then the scene's own, which win on the same id.
        catalogue = loaded.filter { item in !scene.items.contains { $0.id == item.id } } + scene.items
        hold = SteadyHold(threshold: scene.recognition.holdThreshold,
                          steps: scene.recognition.holdSteps(stepsPerSecond: scene.header.simulationRate))
    }

    var movingParts: Int { screen.name == "success" ? 80 : 0 }

    /// The items this run registered, as the catalogue's rows for the profile.
    func savedChanges() -> SavedValues { FindItCatalogueTables.values(of: saved) }

    func inject(_ input: LiveInput, source: String) {
        // A child took over from the script (as in Glitch Squad): the rest of the flow is not played for them.
        if input.takesOverFromScript { flowIndex = scene.flow.count }
        switch input {
        case .cv(let event) where event.kind.isObjectEvent:
            signals.receive(label: event.label, confidence: event.confidence, time: event.time)
        case .touch(let touch) where touch.phase == .ended:
            if let action = FindItLayout.tap(x: touch.x, y: touch.y, screen: screen, items: catalogue.map(\.id)) { liveTaps.append(action) }
        default:
            break
        }
    }

    func snapshot() -> FindItSnapshot {
        let tiles = catalogue.map { item in
            FindItSnapshot.Tile(id: item.id, name: item.name, hint: item.hint, difficulty: item.difficulty,
                                thumbnail: item.photos.first?.analysis.featurePrint ?? [], photos: item.photos.count,
                                found: found.contains(item.id))
        }
        let seconds = { (steps: Int) in Double(steps) / Double(self.clock.stepsPerSecond) }
        var remaining: Double?
        if let limit = scene.timeAttackSeconds, case .game = screen { remaining = max(0, limit - seconds(stepsRun - huntStep)) }
        return FindItSnapshot(
            width: outputWidth, height: outputHeight, screen: screen, screenAge: seconds(stepsRun - screenStep),
            time: seconds(stepsRun), tiles: tiles, settings: scene.settings, band: band, confidence: confidence,
            holdProgress: hold.progress, bandAge: seconds(stepsRun - bandStep), sinceReset: lastReset.map { seconds(stepsRun - $0) },
            remaining: remaining, found: screen.item.map(found.contains) ?? false,
            photosTaken: photos.map(\.analysis.featurePrint), nextAngle: PhotoAngle.guide(after: photos.count),
            minimumPhotos: scene.registration.minimumPhotos, recommendedPhotos: scene.registration.recommendedPhotos,
            message: message?.text, trainingProgress: training.map { min(1, Double(stepsRun - $0.start) / Double(max(1, $0.length))) },
            savingItem: training == nil ? nil : saved.last.flatMap { item in tiles.first { $0.id == item.id } },
            modelVersion: modelVersion, seed: scene.header.seed)
    }

    // MARK: Steps

    func step() {
        let now = clock.time(afterSteps: stepsRun)
        // Camera events are not the hunt's signals (those are read raw); taking them keeps a
        // live stream's bus drained.
        _ = bus.take(through: stepsRun)
        while flowIndex < scene.flow.count, scene.flow[flowIndex].time <= now + 1e-9 {
            perform(scene.flow[flowIndex].action)
            flowIndex += 1
        }
        for action in liveTaps { perform(action) }
        liveTaps.removeAll()
        switch screen {
        case .game(let item): hunt(item)
        case .success, .result:
            if seconds(since: screenStep) >= scene.celebrationSeconds { go(to: .home) }
        case .register: train()
        default: break
        }
        if let shown = message, seconds(since: shown.step) >= 3 { message = nil }
        stepsRun += 1
    }

    private func seconds(since step: Int) -> Double { Double(stepsRun - step) / Double(clock.stepsPerSecond) }

    private func perform(_ action: FlowStep.Action) {
        switch (action, screen) {
        case (.start(let item), .home), (.start(let item), .detail):
            guard let entry = catalogue.first(where: { $0.id == item }) else { return refuse(action, "unknown_item") }
            guard entry.photos.count >= scene.registration.minimumPhotos else { return refuse(action, "too_few_photos") }
            go(to: .mission(item: item))
            record(.mission(item: item, name: entry.name, hint: entry.hint))
            speak(FindItText.mission(entry.name), sound: FindItSounds.missionSpeech(item))
        case (.play, .mission(let item)):
            go(to: .game(item: item))
            band = .cold
            bandStep = stepsRun
            confidence = 0
            hold = SteadyHold(threshold: scene.recognition.holdThreshold,
                              steps: scene.recognition.holdSteps(stepsPerSecond: clock.stepsPerSecond))
            lastReset = nil
            huntStep = stepsRun
            succeeded = false
            lastCountdown = nil
        case (.open(let item), .home):
            guard catalogue.contains(where: { $0.id == item }) else { return refuse(action, "unknown_item") }
            go(to: .detail(item: item))
        case (.back, .detail), (.back, .result):
            go(to: .home)
        case (.back, .register) where training == nil:
            go(to: .home)
        case (.register, .home):
            photos.removeAll()
            attempts = 0
            message = nil
            go(to: .register)
        case (.photo(let photo), .register) where training == nil:
            takePhoto(photo)
        case (.save(let id, let name, let hint, let difficulty), .register) where training == nil:
            save(id: id, name: name, hint: hint, difficulty: difficulty)
        default:
            // A tap the screen has no button for does nothing, as on the phone; the trace says so.
            refuse(action, training == nil ? "no_button" : "training")
        }
    }

    private func refuse(_ action: FlowStep.Action, _ reason: String) {
        record(.refused(tap: action.name, screen: screen.name, reason: reason, item: action.item ?? screen.item))
    }

    private func go(to next: FindItScreen) {
        guard next != screen else { return }
        record(.screen(from: screen.name, to: next.name, item: next.item ?? screen.item))
        if case .success(let item) = screen, !found.contains(item) { found.append(item) }
        screen = next
        screenStep = stepsRun
        play(FindItSounds.tap)
    }

    // MARK: The hunt

    private func hunt(_ item: String) {
        let parameters = scene.recognition
        let elapsed = stepsRun - huntStep
        if let limit = scene.timeAttackSeconds {
            let left = Int((limit - Double(elapsed) / Double(clock.stepsPerSecond)).rounded(.up))
            if left != lastCountdown, left >= 0 {
                lastCountdown = left
                if left > 0 {
                    record(.countdown(item: item, remaining: left))
                    if left <= 3 { play(FindItSounds.tick) }
                }
            }
            if Double(elapsed) >= limit * Double(clock.stepsPerSecond) {
                record(.result(item: item, found: false, seconds: limit))
                play(FindItSounds.timeUp)
                go(to: .result(item: item))
                return
            }
        }
        guard elapsed % parameters.stepsBetweenSamples(stepsPerSecond: clock.stepsPerSecond) == 0 else { return }
        let time = clock.time(afterSteps: stepsRun)
        let fp = RecognitionParameters.rounded(signals.value(of: RecognitionSignals.label(item: item, signal: .fp), at: time))
        let ml = RecognitionParameters.rounded(signals.value(of: RecognitionSignals.label(item: item, signal: .ml), at: time))
        confidence = parameters.confidence(featurePrint: fp, classifier: ml)
        record(.sample(item: item, fp: fp, ml: ml, confidence: confidence))
        let now = parameters.band(of: confidence)
        if now != band {
            band = now
            bandStep = stepsRun
            record(.band(item: item, band: now, confidence: confidence))
            switch now {
            case .warm:
                haptic(.light, item: item)
                play(FindItSounds.warm)
            case .hot:
                haptic(.heavy, item: item)
                play(FindItSounds.hot)
            case .cold:
                break
            }
        }
        let since = hold.heldSince
        switch hold.sample(confidence: confidence, centre: nil, step: stepsRun) {
        case .none:
            break
        case .began:
            record(.hold(item: item, change: "began", progress: 0))
        case .reset:
            lastReset = stepsRun
            record(.hold(item: item, change: "reset", progress: 0))
        case .completed:
            guard !succeeded else { return }
            succeeded = true
            let held = Double(stepsRun - (since ?? stepsRun)) / Double(clock.stepsPerSecond)
            record(.hold(item: item, change: "completed", progress: 1))
            record(.success(item: item, heldSeconds: RecognitionParameters.rounded(held)))
            if scene.timeAttackSeconds != nil {
                record(.result(item: item, found: true, seconds: RecognitionParameters.rounded(Double(elapsed) / Double(clock.stepsPerSecond))))
            }
            haptic(.success, item: item)
            play(FindItSounds.success)
            go(to: .success(item: item))
        }
    }

    // MARK: Registration

    private func takePhoto(_ taken: FindItPhoto?) {
        attempts += 1
        guard var photo = taken else { return }
        photo.takenAt = RecognitionParameters.rounded(clock.time(afterSteps: stepsRun))
        let dark = photo.analysis.luminance < scene.registration.darkBelow
        let angle = photo.angle
        if dark {
            message = (FindItText.tooDark, stepsRun)
            record(.warning(kind: "too_dark", message: FindItText.tooDark))
            play(FindItSounds.warning)
        } else {
            photos.append(photo)
            // A good photo answers the last message (too dark, too few): it goes at once.
            message = nil
            play(FindItSounds.shutter)
        }
        record(.photo(index: attempts, angle: angle.rawValue, luminance: photo.analysis.luminance, kept: !dark,
                      next: PhotoAngle.guide(after: photos.count).rawValue))
    }

    private func save(id: String, name: String, hint: String, difficulty: Int) {
        guard photos.count >= scene.registration.minimumPhotos else {
            let text = FindItText.tooFewPhotos(minimum: scene.registration.minimumPhotos)
            message = (text, stepsRun)
            record(.warning(kind: "too_few_photos", message: text))
            play(FindItSounds.warning)
            return
        }
        let createdAt = RecognitionParameters.rounded(clock.time(afterSteps: stepsRun))
        let item = FindItItem(id: id, name: name, hint: hint, difficulty: difficulty, photos: photos, createdAt: createdAt)
        catalogue.removeAll { $0.id == id }
        catalogue.append(item)
        saved.removeAll { $0.id == id }
        saved.append(item)
        message = nil
        record(.saved(item: id, photos: photos.count, createdAt: createdAt))
        play(FindItSounds.save)
        let total = catalogue.reduce(0) { $0 + $1.photos.count }
        let seconds = scene.registration.trainingBaseSeconds + scene.registration.trainingSecondsPerPhoto * Double(total)
        training = (stepsRun, max(1, Int((seconds * Double(clock.stepsPerSecond)).rounded())), 0)
        record(.training(progress: 0))
    }

    /// Advances the retraining: its progress every tenth, then the hot swap and Home.
    private func train() {
        guard var running = training else { return }
        let done = stepsRun - running.start
        let tenth = min(10, done * 10 / running.length)
        if tenth > running.lastTenth {
            running.lastTenth = tenth
            training = running
            record(.training(progress: Double(tenth) / 10))
        }
        if done >= running.length {
            training = nil
            modelVersion += 1
            record(.modelSwap(version: modelVersion, items: catalogue.count, photos: catalogue.reduce(0) { $0 + $1.photos.count }))
            play(FindItSounds.swap)
            photos.removeAll()
            go(to: .home)
        }
    }

    // MARK: Feedback

    private func speak(_ text: String, sound: SoundName) {
        record(.speech(text: text, voice: FindItSounds.voiceName, sound: sound.rawValue))
        play(sound)
    }

    private func record(_ event: FindItEvent) { record(event as any TraceableEvent) }

    private func play(_ sound: SoundName) {
        recordSound(sound, x: Float(scene.header.canvasWidth) / 2, switches: feedback)
    }

    private func haptic(_ kind: HapticKind, item: String) {
        recordHaptic(kind, character: item, switches: feedback)
    }
}
