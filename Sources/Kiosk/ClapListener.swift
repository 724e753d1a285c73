import Audio
import Foundation

/// The kiosk's ears: a thread reads the microphone in 10 ms blocks, a `ClapDetector` judges
/// them, and each clap waits in a queue that the demo loop drains (and is woken for).
///
/// A microphone that is missing, or a PulseAudio server that is away, is one line on the log
/// and a retry with a growing back-off; the demo goes on meanwhile. What the demo itself
/// plays is told to the detector's playback gate, so its own sounds are never taken for claps.
///
/// The detector's thresholds are those of a `ClapSensitivity`: the scene's `clap_sensitivity`,
/// followed as the scene changes it (`follow(_:)`, from the demo loop), or one fixed by the
/// operator (`demo --clap-sensitivity`). A change is handed over under the lock and taken by the
/// microphone thread at its next block; the simulation never waits for it.
final class ClapListener: @unchecked Sendable {
    /// A clap heard, in the demo clock's readings.
    struct HeardClap: Equatable {
        /// When its onset reached the microphone stream.
        var onset: Double
        /// When the detector decided it was a clap.
        var decided: Double
        /// How far it rose above the room, in dB.
        var strength: Double
    }

    private let fixedDevice: String?
    /// Where to listen when the demo cancels its own echo (the canceller's source, until it fails).
    private let route: AudioRoute?
    /// Whether the demo's own sound is taken out of the microphone by its own adaptive filter
    /// (when PulseAudio's canceller does not).
    private let cancelsOwnSound: Bool
    private let clock: MonotonicClock
    private let log: DemoLog
    private let wakeUp: LoopWakeUp
    private let lock = NSLock()
    private var heard: [HeardClap] = []
    private var played: [(samples: [Float], at: Double)] = []
    private var listening = false
    /// The sensitivity the detector should have; the microphone thread rebuilds its detector
    /// when it differs from the one in use.
    private var wantedSensitivity: ClapSensitivity
    /// Whether the operator fixed the sensitivity, so the scene's changes are not followed.
    private let fixedSensitivity: Bool
    private var running = false
    private let finished = DispatchSemaphore(value: 0)

    /// The demo's own sound may still reach the microphone this long after it was played.
    private static let playbackAllowance = ClapDetectorSettings().playbackDelayAllowance
    /// At most this much played sound waits for the microphone thread (it is dropped while
    /// the microphone is away, so an absent microphone never makes memory grow).
    private static let playedLimit = 100
    /// How long a fresh echo canceller learns the room before its claps count, in seconds.
    static let cancellerLearning = 2.0

    /// A listener on `device` (nil: the server's default source) that wakes the loop through
    /// `wakeUp`, with the thresholds of `sensitivity`; when `fixed`, the scene's changes of
    /// `clap_sensitivity` are not followed.
    init(device: String?, route: AudioRoute? = nil, cancelsOwnSound: Bool = false, sensitivity: ClapSensitivity = .medium, fixed: Bool = false,
         clock: MonotonicClock, log: DemoLog, wakeUp: LoopWakeUp) {
        fixedDevice = device
        self.route = route
        self.cancelsOwnSound = cancelsOwnSound
        wantedSensitivity = sensitivity
        fixedSensitivity = fixed
        self.clock = clock
        self.log = log
        self.wakeUp = wakeUp
    }

    /// Starts the microphone thread.
    func start() {
        lock.lock()
        running = true
        lock.unlock()
        let thread = Thread { [self] in listen() }
        thread.name = "aria-render microphone"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    /// Asks the thread to stop and waits a little for it to close its stream; a thread in a
    /// back-off wait holds no stream and is left to end with the process.
    func stop() {
        lock.lock()
        let wasRunning = running
        running = false
        lock.unlock()
        if wasRunning { _ = finished.wait(timeout: .now() + 0.5) }
    }

    /// The claps heard since the last call, oldest first.
    func take() -> [HeardClap] {
        lock.lock()
        defer { lock.unlock() }
        let taken = heard
        heard.removeAll(keepingCapacity: true)
        return taken
    }

    /// Follows the scene's `clap_sensitivity` (unless the operator fixed one): the microphone
    /// thread uses it from its next block on. Cheap enough to call after every step.
    func follow(_ sceneSensitivity: String?) {
        guard !fixedSensitivity, let sensitivity = sceneSensitivity.flatMap(ClapSensitivity.init(rawValue:)) else { return }
        lock.lock()
        wantedSensitivity = sensitivity
        lock.unlock()
    }

    /// The sensitivity the detector uses from its next block on.
    var sensitivity: ClapSensitivity {
        lock.lock()
        defer { lock.unlock() }
        return wantedSensitivity
    }

    /// Tells the listener that interleaved stereo `samples` are heard from clock reading `at` on.
    func notePlayback(_ samples: [Float], at time: Double) {
        lock.lock()
        defer { lock.unlock() }
        guard listening else { return }
        if played.count >= Self.playedLimit { played.removeFirst() }
        played.append((samples, time))
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    /// The source listened to now.
    private var device: String? { route?.captureDevice ?? fixedDevice }

    private func listen() {
        var outage = OutageReport()
        var backoff = Backoff()
        while isRunning {
            let microphone: PulseMicrophone
            do {
                microphone = try PulseMicrophone(device: device)
            } catch {
                if let route, route.cancels {
                    // The canceller's source is gone (PulseAudio restarted): listen straight.
                    route.fallBack("its source \(device ?? "") cannot be opened (\(error))")
                    continue
                }
                outage.failed("microphone: cannot listen to \(device ?? "the default source"): \(error); claps are not heard until it is back (retrying)",
                              to: log)
                pause(backoff.current)
                backoff.failed()
                continue
            }
            backoff.succeeded()
            outage.worked("microphone: listening to \(device ?? "the default source") (clap sensitivity \(sensitivity.rawValue)"
                          + "\(fixedSensitivity ? ", set by --clap-sensitivity" : ""))", to: log, always: true)
            microphone.onStatus = { [log] in log.line("microphone: \($0)") }
            hear(microphone)
        }
        finished.signal()
    }

    /// Reads blocks until stopped; the microphone reconnects by itself after a loss.
    private func hear(_ microphone: PulseMicrophone) {
        let rate = Double(microphone.sampleRate)
        var inUse = sensitivity
        var detector = ClapDetector(sampleRate: rate, settings: ClapDetectorSettings(sensitivity: inUse))
        // The demo knows what it plays: unless PulseAudio's canceller does it, an adaptive filter
        // takes that out of the microphone (`EchoCanceller`), and the playback gate closes only
        // while the filter has not found the echo.
        let canceller = cancelsOwnSound && route?.cancels != true ? EchoCanceller(sampleRate: rate) : nil
        var filterReport = EchoFilterReport()
        var blocks = 0
        // An echo canceller just loaded has not learned the room yet: what it lets through of
        // the demo's first sounds could pass for claps (1 false clap in 4 s here without this).
        let learning = route?.cancels == true ? clock.now + Self.cancellerLearning : 0
        while isRunning {
            let block = (try? microphone.read()) ?? []
            setListening(microphone.isConnected)
            if !microphone.isConnected, let route, route.cancels || microphone.device != device {
                // A PulseAudio restart unloads the canceller: its source will not come back (the
                // speaker may have noticed first).
                route.fallBack("its source \(microphone.device ?? "") went away")
                break
            }
            guard !block.isEmpty else { continue }
            let wanted = sensitivity
            if wanted != inUse {
                // A fresh detector with the new thresholds: it learns the room again during its
                // warm-up (a quarter of a second), which also outlasts the windows of the demo's
                // own sounds that the old detector's playback gate held.
                inUse = wanted
                detector = ClapDetector(sampleRate: rate, settings: ClapDetectorSettings(sensitivity: inUse))
                log.line("microphone: clap sensitivity \(inUse.rawValue) (the scene changed it)")
            }
            let arrived = clock.now
            // The stream time of the newest sample is about now: the capture buffer is 10 ms.
            let offset = detector.streamTime + Double(block.count) / rate - arrived
            // The same for the canceller, whose stream began with this microphone's.
            let cancellerOffset = canceller.map { Double($0.streamSamples + block.count) / rate - arrived } ?? 0
            // Every onset of the demo's sound closes the gate: the detector goes by it only for
            // frames the filter is not cancelling (it may lose the echo after the sound was noted).
            for (samples, time) in takePlayed() {
                let mono = stride(from: 0, to: samples.count - 1, by: 2).map { (samples[$0] + samples[$0 + 1]) * 0.5 }
                canceller?.notePlayed(mono, at: Int(((time + cancellerOffset) * rate).rounded()))
                detector.playbackGate.notePlayback(mono, sampleRate: rate, at: time + offset, allowance: Self.playbackAllowance)
            }
            let claps: [ClapEvent]
            if let canceller {
                let heard = canceller.cancel(block)
                claps = detector.process(heard, ownSound: canceller.ownSoundFloor)
                filterReport.note(canceller, seconds: Double(block.count) / rate, to: log)
            } else {
                claps = detector.process(block)
            }
            blocks += 1
            guard !claps.isEmpty else { continue }
            lock.lock()
            for clap in claps where arrived >= learning {
                heard.append(HeardClap(onset: clap.time - offset, decided: arrived, strength: clap.strength))
            }
            if heard.count > 64 { heard.removeFirst(heard.count - 64) }
            lock.unlock()
            wakeUp.signal()
        }
        setListening(false)
    }

    private func setListening(_ value: Bool) {
        lock.lock()
        listening = value
        if !value { played.removeAll() }
        lock.unlock()
    }

    private func takePlayed() -> [(samples: [Float], at: Double)] {
        lock.lock()
        defer { lock.unlock() }
        let taken = played
        played.removeAll(keepingCapacity: true)
        return taken
    }

    /// Sleeps `seconds` in short slices, so a stop is seen soon.
    private func pause(_ seconds: Double) {
        let end = clock.now + seconds
        while isRunning && clock.now < end { Thread.sleep(forTimeInterval: min(0.05, end - clock.now)) }
    }
}
