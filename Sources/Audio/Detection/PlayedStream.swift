/// What the program played, placed in the microphone's stream time: a ring of samples that can
/// be read at fractional positions (so it follows a delay that drifts between two clocks), and
/// the 1 ms frames' rises that `EchoDelayTracker` lines up with the microphone's.
///
/// The blocks are laid end to end, as the speaker plays them, while their stamps (where each is
/// nominally heard) drift away from that by the two clocks' difference: 115 ppm, 50 ms in seven
/// minutes, on a live loopback. Reads are in the stamps' time, the laid samples shifted by that
/// drift (followed over `driftSeconds`), so the echo's delay stays where it was found for as long
/// as the kiosk runs, and a stamp more than `jitterSeconds` from the drift, not from the last
/// block, is a splice.
struct PlayedStream {
    /// Samples per 1 ms frame.
    let frameLength: Int
    private var samples: [Float]
    private var frameEnergy: [Float]
    private var frameRise: [Float]
    /// The laid sample after the last one played.
    private var written = 0
    private var started = false
    /// The frame (in the stamps' time) after the last whose energy and rise are known.
    private var framesDone = 0
    /// How far the stamps stand after the laid samples, in samples, followed slowly.
    private(set) var drift = 0.0
    private let jitter: Int
    private let driftSamples: Double

    /// The stamps' drift is followed over about this long: 300 ppm of drift leaves it 0.6 ms
    /// behind, and the stamps' jitter (below) averages out to nothing.
    static let driftSeconds = 2.0

    /// How far a block's stamp may stray from the drift and still follow on. The demo stamps a
    /// block with the stream's own latency read as it is written, and the kiosk places it in
    /// the microphone's stream by the clock's place there, followed smoothly: in ten minutes of
    /// a live room the stamps strayed at most 1.2 ms once the stream had started (0.85 ms in 99
    /// blocks of 100). Stamped with a latency read once a second, they strayed ±10 ms, and a
    /// 27 ms underrun passed unseen as jitter, its click taken for a clap. A shorter splice is
    /// found as a jump of the echo.
    static let jitterSeconds = 0.005

    static let ringSamples = 1 << 17  // 2.7 s at 48 kHz: well past the longest lag
    static let ringFrames = 4_096

    /// A stream at `sampleRate` Hz.
    init(sampleRate: Double) {
        frameLength = max(1, Int((sampleRate / 1_000).rounded()))
        samples = [Float](repeating: 0, count: Self.ringSamples)
        frameEnergy = [Float](repeating: 0, count: Self.ringFrames)
        frameRise = [Float](repeating: 0, count: Self.ringFrames)
        jitter = Int(Self.jitterSeconds * sampleRate)
        driftSamples = Self.driftSeconds * sampleRate
    }

    /// Notes `mono` played so that, nominally, its first sample reaches the microphone at
    /// stream sample `start`, not before `heard` (the microphone's samples taken so far).
    /// Blocks whose stamps stay within `jitterSeconds` of the drift are laid end to end (the
    /// played sound has no gaps); a later or earlier one is placed at its own time (an underrun left a
    /// gap; a shorter one is found as a jump of the echo), and `note` returns, in stream samples,
    /// where the played sound was cut and where it starts afresh (an underrun or a restart of the
    /// speaker's stream: a splice, which the microphone hears as a click), or nil when it
    /// follows on. Either may be where the click is: after an underrun the sound resumes at its
    /// new time; when only the stamps jumped (the sound went on without a gap) it is cut where
    /// the stream stood.
    mutating func note(_ mono: [Float], at start: Int, heard: Int) -> (cut: Int, resumed: Int)? {
        let first = !started
        started = true
        let stray = Double(start - written) - drift
        var position: Int
        var splice: (cut: Int, resumed: Int)?
        if !first && abs(stray) <= Double(jitter) {
            position = written
            drift += stray * min(1, Double(mono.count) / driftSamples)
        } else {
            position = start - Int(drift.rounded())
            let heardLaid = heard - Int(drift.rounded())
            if position < heardLaid - Self.ringSamples / 2 { position = heardLaid }  // far in the past: useless
            if !first { splice = (written + Int(drift.rounded()), position + Int(drift.rounded())) }
        }
        if first { written = position }
        if position > written, position - written < Self.ringSamples {
            for s in written..<position { samples[s & (Self.ringSamples - 1)] = 0 }
        }
        for (i, x) in mono.enumerated() { samples[(position + i) & (Self.ringSamples - 1)] = x.isFinite ? x : 0 }
        let end = position + mono.count
        let rewritten = min(position, max(written, end - Self.ringSamples))
        written = max(written, end)
        // The frames' energies and rises in the stamps' time: each frame's samples read from where
        // the drift lays them, to the nearest sample.
        let shift = Int(drift.rounded())
        if first { framesDone = (position + shift) / frameLength }
        let last = (written + shift) / frameLength
        var frame = max(min(framesDone, (rewritten + shift) / frameLength), last - Self.ringFrames + 11)
        while frame < last {
            var energy: Float = 0
            for s in frame * frameLength - shift..<(frame + 1) * frameLength - shift {
                let x = sample(s)
                energy += x * x
            }
            energy /= Float(frameLength)
            var earlier: Float = 0
            for k in 1...10 { earlier += frameEnergy[(frame - k) & (Self.ringFrames - 1)] }
            frameEnergy[frame & (Self.ringFrames - 1)] = energy
            frameRise[frame & (Self.ringFrames - 1)] = EchoDelayTracker.rise(energy, over: earlier / 10)
            frame += 1
        }
        framesDone = max(framesDone, last)
        return splice
    }

    /// The laid sample `s` (0 where nothing is known).
    @inline(__always)
    private func sample(_ s: Int) -> Float {
        guard s < written, s >= 0, s > written - Self.ringSamples else { return 0 }
        return samples[s & (Self.ringSamples - 1)]
    }

    /// Reads `count` samples into `into`, the last at fractional stream position `end`, each
    /// between its two neighbours (linear interpolation: the ceiling it feeds is a power per
    /// bin, which a slight dulling above 10 kHz does not move).
    func read(endingAt end: Double, into buffer: UnsafeMutableBufferPointer<Float>) {
        let count = buffer.count
        let first = end - drift - Double(count - 1)
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
        guard frame >= 0, frame < framesDone, frame > framesDone - Self.ringFrames + 10 else { return 0 }
        return frameRise[frame & (Self.ringFrames - 1)]
    }

    /// The played 1 ms frame's mean square, 0 where unknown.
    func energy(ofFrame frame: Int) -> Float {
        guard frame >= 0, frame < framesDone, frame > framesDone - Self.ringFrames + 10 else { return 0 }
        return frameEnergy[frame & (Self.ringFrames - 1)]
    }
}
