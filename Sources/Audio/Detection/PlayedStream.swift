/// What the program played, placed in the microphone's stream time: a ring of samples that can
/// be read at fractional positions (so it follows a delay that drifts between two clocks), and
/// the 1 ms frames' rises that `EchoDelayTracker` lines up with the microphone's.
struct PlayedStream {
    /// Samples per 1 ms frame.
    let frameLength: Int
    private var samples: [Float]
    private var frameEnergy: [Float]
    private var frameRise: [Float]
    /// The stream sample after the last one played.
    private(set) var written = 0
    private let jitter: Int

    static let ringSamples = 1 << 17  // 2.7 s at 48 kHz: well past the longest lag
    static let ringFrames = 4_096

    /// A stream at `sampleRate` Hz.
    init(sampleRate: Double) {
        frameLength = max(1, Int((sampleRate / 1_000).rounded()))
        samples = [Float](repeating: 0, count: Self.ringSamples)
        frameEnergy = [Float](repeating: 0, count: Self.ringFrames)
        frameRise = [Float](repeating: 0, count: Self.ringFrames)
        jitter = Int(0.05 * sampleRate)
    }

    /// Notes `mono` played so that, nominally, its first sample reaches the microphone at
    /// stream sample `start`, not before `heard` (the microphone's samples taken so far).
    /// Blocks that follow on within 50 ms are laid end to end (the times a live speaker's blocks
    /// are stamped with jitter by tens of milliseconds on a loaded machine; the played sound has
    /// no gaps); a later or earlier one is placed at its own time (an underrun left a gap; a
    /// shorter one is found as a jump of the echo), and `note` returns the stream sample
    /// where the played sound starts afresh (an underrun or a restart of the speaker's stream: a
    /// splice, which the microphone hears as a click), or nil when it follows on.
    mutating func note(_ mono: [Float], at start: Int, heard: Int) -> Int? {
        var position = abs(start - written) <= jitter ? written : start
        if position < heard - Self.ringSamples / 2 { position = heard }  // far in the past: useless
        let splice = written > 0 && position != written ? position : nil
        if position > written, position - written < Self.ringSamples {
            for s in written..<position { samples[s & (Self.ringSamples - 1)] = 0 }
        }
        for (i, x) in mono.enumerated() { samples[(position + i) & (Self.ringSamples - 1)] = x.isFinite ? x : 0 }
        let end = position + mono.count
        let first = min(position, max(written, end - Self.ringSamples)) / frameLength
        written = max(written, end)
        for frame in first..<(end / frameLength) {
            var energy: Float = 0
            for s in frame * frameLength..<(frame + 1) * frameLength {
                let x = sample(s)
                energy += x * x
            }
            energy /= Float(frameLength)
            var earlier: Float = 0
            for k in 1...10 { earlier += frameEnergy[(frame - k) & (Self.ringFrames - 1)] }
            frameEnergy[frame & (Self.ringFrames - 1)] = energy
            frameRise[frame & (Self.ringFrames - 1)] = EchoDelayTracker.rise(energy, over: earlier / 10)
        }
        return splice
    }

    /// The played sample at stream sample `s` (0 where nothing is known).
    @inline(__always)
    func sample(_ s: Int) -> Float {
        guard s < written, s >= 0, s > written - Self.ringSamples else { return 0 }
        return samples[s & (Self.ringSamples - 1)]
    }

    /// Reads `count` samples into `into`, the last at fractional stream position `end`, each
    /// between its two neighbours (linear interpolation: the ceiling it feeds is a power per
    /// bin, which a slight dulling above 10 kHz does not move).
    func read(endingAt end: Double, into buffer: UnsafeMutableBufferPointer<Float>) {
        let count = buffer.count
        let first = end - Double(count - 1)
        let whole = Int(first.rounded(.down))
        let fraction = Float(first - Double(whole))
        var previous = sample(whole)
        for i in 0..<count {
            let next = sample(whole + i + 1)
            buffer[i] = previous + (next - previous) * fraction
            previous = next
        }
    }

    /// The played 1 ms frame's rise over the 10 before it (`EchoDelayTracker.rise`), 0 where unknown.
    func rise(ofFrame frame: Int) -> Float {
        guard frame >= 0, (frame + 1) * frameLength <= written, frame * frameLength > written - Self.ringSamples else { return 0 }
        return frameRise[frame & (Self.ringFrames - 1)]
    }

    /// The played 1 ms frame's mean square, 0 where unknown.
    func energy(ofFrame frame: Int) -> Float {
        guard frame >= 0, (frame + 1) * frameLength <= written, frame * frameLength > written - Self.ringSamples else { return 0 }
        return frameEnergy[frame & (Self.ringFrames - 1)]
    }
}
