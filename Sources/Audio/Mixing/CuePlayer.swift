import Foundation

/// Plays cues live: a loop on its own thread renders 10 ms blocks from a `CueMixer` into an
/// `AudioOutput`, whose blocking write keeps it in step with real time. Cues are given in the
/// player's time (seconds since `start()`), which the output's buffering delays by `latency`.
public final class CuePlayer: @unchecked Sendable {
    /// The output played into.
    public let output: AudioOutput
    private let mixer: CueMixer
    private let lock = NSLock()
    private var running = false
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    /// Seconds per block: short, so a cue never waits long for its block.
    public static let blockSeconds = 0.01

    /// A player for `output` of the sounds in `bank`, with the scene's sound setting and volume.
    public init(output: AudioOutput, bank: SoundBank, volume: Double = 1, enabled: Bool = true) {
        self.output = output
        mixer = CueMixer(volume: volume, enabled: enabled, bank: bank)
    }

    /// Schedules a cue at `cue.time` seconds of player time; a late cue plays at once.
    public func schedule(_ cue: SoundCue) {
        lock.lock(); defer { lock.unlock() }
        mixer.schedule(cue)
    }

    /// Seconds of sound rendered so far (the player's clock, ahead of what is heard by the output's latency).
    public var renderedTime: Double {
        lock.lock(); defer { lock.unlock() }
        return Double(mixer.position) / Double(mixer.sampleRate)
    }

    /// Changes the scene's sound setting or volume while playing.
    public func configure(volume: Double, enabled: Bool) {
        lock.lock(); defer { lock.unlock() }
        mixer.volume = volume
        mixer.enabled = enabled
    }

    /// Starts the playback loop.
    public func start() {
        lock.lock()
        guard !running else { lock.unlock(); return }
        running = true
        lock.unlock()
        let thread = Thread { [self] in loop() }
        thread.name = "aria-render sound"
        thread.qualityOfService = .userInteractive
        self.thread = thread
        thread.start()
    }

    /// Stops the loop and waits (at most a second) for it to end; whether it has ended, so
    /// that the output may be closed.
    @discardableResult
    public func stop() -> Bool {
        lock.lock()
        let wasRunning = running
        running = false
        lock.unlock()
        return !wasRunning || finished.wait(timeout: .now() + 1) == .success
    }

    private func loop() {
        let frames = Int(Self.blockSeconds * Double(mixer.sampleRate))
        var block = [Float](repeating: 0, count: frames * 2)
        while true {
            lock.lock()
            let keepGoing = running
            if keepGoing { mixer.render(into: &block, frameCount: frames) }
            lock.unlock()
            guard keepGoing else { break }
            // An output that fails for good is the speaker's to report; the loop keeps time.
            try? output.write(block)
        }
        finished.signal()
    }
}
