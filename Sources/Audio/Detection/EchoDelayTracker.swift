import Foundation

/// Finds how late the program's own sound reaches its microphone: the lag at which the onsets
/// of what was played best line up with the onsets the microphone hears, over the last seconds.
///
/// Both streams are reduced to 1 ms frames of energy, and each frame to how far it rose over
/// the 10 ms before it (in log terms, so a speaker turned down or a far microphone line up as
/// well as a near one); the products of those rises are summed per lag with a slow memory.
/// Onsets rather than levels, because a sustained tone lines up with itself at every lag.
struct EchoDelayTracker {
    /// The lags tried, in frames (negative: the microphone hears it before the nominal time).
    let lags: ClosedRange<Int>
    /// The lag the onsets agree on, in frames; nil until they clearly do.
    private(set) var lag: Int?
    private var scores: [Float]
    private let keep: Float
    private var framesSinceChoice = 0
    /// The chosen lag refined between frames (a parabola through the scores around it), in frames.
    private(set) var fractionalLag: Double?

    /// A tracker trying `lags` frames, remembering about `memoryFrames` frames of onsets.
    init(lags: ClosedRange<Int>, memoryFrames: Int) {
        self.lags = lags
        scores = [Float](repeating: 0, count: lags.count)
        keep = expf(-1 / Float(max(1, memoryFrames)))
    }

    /// How far `energy` rose over the mean `before` it, in bels, never below zero.
    static func rise(_ energy: Float, over before: Float) -> Float {
        let floor: Float = 1e-9
        return max(0, log10f(energy + floor) - log10f(before + floor) - 0.3)
    }

    /// Adds one microphone frame's rise `heard` and the played rises, `played(lag)` being the
    /// rise of the played frame `lag` frames before it; every 50 frames the best lag is chosen
    /// anew, if it stands out of the others.
    mutating func add(heard: Float, played: (Int) -> Float) {
        if heard > 0 {
            for (i, lag) in lags.enumerated() {
                let p = played(lag)
                if p > 0 { scores[i] += heard * p }
            }
        }
        framesSinceChoice += 1
        guard framesSinceChoice >= 50 else { return }
        // The memory fades in steps: the same as every frame, at 1/50 of the cost.
        let fade = powf(keep, Float(framesSinceChoice))
        for i in scores.indices { scores[i] *= fade }
        framesSinceChoice = 0
        choose()
    }

    private mutating func choose() {
        guard let best = scores.indices.max(by: { scores[$0] < scores[$1] }) else { return }
        let mean = scores.reduce(0, +) / Float(scores.count)
        // Clearly above the lags around it: one onset matched by chance is not an echo path.
        guard scores[best] > 0.5, scores[best] > 4 * mean else { return }
        lag = lags.lowerBound + best
        var offset = 0.0
        if best > 0, best < scores.count - 1 {
            let a = Double(scores[best - 1]), b = Double(scores[best]), c = Double(scores[best + 1])
            let curve = a - 2 * b + c
            if curve < 0 { offset = max(-0.5, min(0.5, 0.5 * (a - c) / curve)) }
        }
        fractionalLag = Double(lags.lowerBound + best) + offset
    }
}
