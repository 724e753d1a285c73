/// What the program itself is playing, so the microphone does not take it for a clap: the
/// onsets of the played signal open windows (in the detector's stream time) in which no clap
/// is reported.
public struct PlaybackGate: Sendable {
    private var windows: [(start: Double, end: Double)] = []
    private var playing: [(start: Double, end: Double)] = []  // when the played sound is audible at all
    private var recent: [Float] = []  // the last 20 ms of played energy, one value per ms
    private var pending: Float = 0
    private var pendingCount = 0

    /// An empty gate.
    public init() {}

    /// Closes the gate from `start` to `end` seconds of stream time.
    public mutating func suppress(from start: Double, until end: Double) {
        guard start.isFinite, end.isFinite, end > start else { return }
        windows.append((start, end))
    }

    /// Notes `mono` samples (at `sampleRate`) that the program plays so that they reach the
    /// microphone at stream time `time`; every rise in them closes the gate for `allowance`
    /// seconds (`ClapDetector` goes by it only where no echo canceller vouches for the frames), and
    /// the sound counts as playing for `allowance` seconds after it.
    public mutating func notePlayback(_ mono: [Float], sampleRate: Double, at time: Double, allowance: Double) {
        let frameLength = max(1, Int((sampleRate / 1_000).rounded()))
        for (i, x) in mono.enumerated() {
            pending += x * x
            pendingCount += 1
            guard pendingCount == frameLength else { continue }
            let energy = pending / Float(frameLength)
            pending = 0
            pendingCount = 0
            let before = recent.isEmpty ? 0 : recent.reduce(0, +) / Float(recent.count)
            let frameTime = time + Double(i + 1 - frameLength) / sampleRate
            if energy > 3e-6 {
                if let last = playing.last, frameTime <= last.end {
                    playing[playing.count - 1].end = frameTime + allowance
                } else {
                    playing.append((frameTime, frameTime + allowance))
                }
            }
            // A rise of 6 dB over the last 20 ms, at a level that could be heard (-55 dBFS).
            if energy > 3e-6 && energy > 4 * before {
                let onset = time + Double(i + 1 - frameLength) / sampleRate
                if let last = windows.last, last.start <= onset, onset <= last.end {
                    windows[windows.count - 1].end = max(last.end, onset + allowance)
                } else {
                    suppress(from: onset - 0.005, until: onset + allowance)
                }
            }
            recent.append(energy)
            if recent.count > 20 { recent.removeFirst() }
        }
    }

    /// Whether a clap at `time` could be the program's own sound.
    public func isSuppressed(_ time: Double) -> Bool {
        windows.contains { $0.start <= time && time <= $0.end }
    }

    /// Whether the program's own sound may be reaching the microphone at `time`.
    public func isPlaying(_ time: Double) -> Bool {
        playing.contains { $0.start <= time && time <= $0.end }
    }

    /// How many windows the gate holds (for tests of long runs).
    public var windowCount: Int { windows.count + playing.count }

    /// Forgets windows that ended before `time`.
    public mutating func forget(before time: Double) {
        windows.removeAll { $0.end < time }
        playing.removeAll { $0.end < time }
    }
}
