import Audio
import Foundation

/// The kiosk's ears: a thread reads the microphone in 5 ms blocks, a `ClapHearing` judges
/// them, and each clap waits in a queue that the demo loop drains (and is woken for).
///
/// A microphone that is missing, or a PulseAudio server that is away, is one line on the log
/// and a retry with a growing back-off; the demo goes on meanwhile. What the demo itself
/// plays is compared with what the microphone hears, bin by bin (`OwnSoundMask`, with
/// `EchoHandling.bands`), so its own sounds are never taken for claps.
///
/// The detector's thresholds are those of a `ClapSensitivity`: the scene's `clap_sensitivity`,
/// followed as the scene changes it (`follow(_:)`, from the demo loop), or one fixed by the
/// operator (`demo --clap-sensitivity`). A change is handed over under the lock and taken by the
/// microphone thread at its next block; the simulation never waits for it.
final class ClapListener: @unchecked Sendable {
    /// A clap heard, in the demo clock's readings.
    typealias HeardClap = ClapHearing.Clap

    private let device: String?
    /// How the demo's own sound is kept from being taken for claps.
    private let echo: EchoHandling
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
    /// Whether refused onsets are logged (`demo --explain`).
    private let explains: Bool
    /// What the microphone thread is given is recorded here (`demo --record-room`); nil once
    /// a write failed, or without a recording.
    private var recorder: RoomRecording.Writer?
    /// Its own lock: a write may take a millisecond, which the demo loop must not wait for.
    private let recorderLock = NSLock()
    private var running = false
    private let finished = DispatchSemaphore(value: 0)

    /// The microphone's block: a clap is decided only once the block holding its 20th ms has
    /// arrived, so a shorter block hears it sooner (10 ms blocks cost up to 5 ms more).
    private static let blockSeconds = 0.005
    /// At most this much played sound waits for the microphone thread (it is dropped while
    /// the microphone is away, so an absent microphone never makes memory grow).
    private static let playedLimit = 100

    /// A listener on `device` (nil: the server's default source) that wakes the loop through
    /// `wakeUp`, with the thresholds of `sensitivity`; when `fixed`, the scene's changes of
    /// `clap_sensitivity` are not followed; when `explains`, each loud onset refused is logged;
    /// with `recorder`, what the microphone thread is given is recorded there.
    init(device: String?, echo: EchoHandling = .bands, sensitivity: ClapSensitivity = .medium, fixed: Bool = false,
         explains: Bool = false, recorder: RoomRecording.Writer? = nil, clock: MonotonicClock, log: DemoLog, wakeUp: LoopWakeUp) {
        self.recorder = recorder
        self.device = device
        self.echo = echo
        wantedSensitivity = sensitivity
        fixedSensitivity = fixed
        self.explains = explains
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
        // What is still buffered of the room recording is written out once the thread is done.
        recorderLock.lock()
        defer { recorderLock.unlock() }
        try? recorder?.finish()
        recorder = nil
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

    private func listen() {
        var outage = OutageReport()
        var backoff = Backoff()
        while isRunning {
            let microphone: PulseMicrophone
            do {
                microphone = try PulseMicrophone(device: device, blockSeconds: Self.blockSeconds)
            } catch {
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
        let hearing = ClapHearing(sampleRate: rate, echo: echo, sensitivity: sensitivity, explains: explains)
        record(.sensitivity(hearing.sensitivity))
        while isRunning {
            let block = (try? microphone.read()) ?? []
            setListening(microphone.isConnected)
            guard !block.isEmpty else { continue }
            let wanted = sensitivity
            if wanted != hearing.sensitivity {
                hearing.change(to: wanted)
                record(.sensitivity(wanted))
                log.line("microphone: clap sensitivity \(wanted.rawValue) (the scene changed it)")
            }
            let arrived = clock.now
            let played = takePlayed().map { samples, time in
                (stride(from: 0, to: samples.count - 1, by: 2).map { (samples[$0] + samples[$0 + 1]) * 0.5 }, time)
            }
            for (mono, time) in played where echo == .bands { record(.played(samples: mono, at: time)) }
            record(.microphone(samples: block, arrived: arrived))
            let heard = hearing.hear(block, arrived: arrived, played: played)
            if let delay = heard.echoFound {
                log.line(String(format: "echo: the demo's own sound found %.0f ms behind its playing; compared band by band from now on", delay * 1_000))
            }
            for (onset, refusal) in heard.refusals {
                // On the demo's clock, as the trace's onsets are.
                log.line("microphone: not a clap, onset at \(String(format: "%.4f", onset - log.origin)): \(refusal.test.rawValue) "
                         + "(\(refusal.measured) dB, limit \(refusal.limit) dB), peak \(refusal.level) dBFS")
            }
            guard !heard.claps.isEmpty else { continue }
            lock.lock()
            self.heard += heard.claps
            if self.heard.count > 64 { self.heard.removeFirst(self.heard.count - 64) }
            lock.unlock()
            wakeUp.signal()
        }
        setListening(false)
    }

    /// Adds `record` to the room recording; a write that fails ends the recording (one line
    /// on the log), never the demo.
    private func record(_ record: RoomRecording.Record) {
        recorderLock.lock()
        defer { recorderLock.unlock() }
        do {
            try recorder?.add(record)
        } catch {
            log.line("microphone: the room recording stopped: \(error)")
            recorder = nil
        }
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
