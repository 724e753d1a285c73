/// The energy of one millisecond of sound in the four bands a clap is judged in.
struct ClapBandFrame: Sendable, Equatable {
    /// Mean squares in 0.1–0.5 kHz (a voice's pitch and first formant), 0.5–1.5 kHz (a cupped
    /// clap's body), 1.5–4 kHz (most of a clap) and 4–10 kHz (a cymbal's hiss, an "s").
    var low: Float = 0, middle: Float = 0, presence: Float = 0, high: Float = 0

    /// 0.5–10 kHz: where a clap's crack is.
    var clap: Float { middle + presence + high }
    /// 0.1–10 kHz: everything that is loud to a listener.
    var total: Float { low + clap }

    /// The band-wise difference `self - other`, never below zero: what a sound added to a background.
    func excess(over other: ClapBandFrame) -> ClapBandFrame {
        ClapBandFrame(low: max(0, low - other.low), middle: max(0, middle - other.middle),
                      presence: max(0, presence - other.presence), high: max(0, high - other.high))
    }

    /// Each band times its share of `factors`.
    func scaled(by factors: BandShares) -> ClapBandFrame {
        ClapBandFrame(low: low * factors.low, middle: middle * factors.middle, presence: presence * factors.presence, high: high * factors.high)
    }

    static func + (a: ClapBandFrame, b: ClapBandFrame) -> ClapBandFrame {
        ClapBandFrame(low: a.low + b.low, middle: a.middle + b.middle, presence: a.presence + b.presence, high: a.high + b.high)
    }

    static func / (a: ClapBandFrame, n: Float) -> ClapBandFrame {
        ClapBandFrame(low: a.low / n, middle: a.middle / n, presence: a.presence / n, high: a.high / n)
    }
}

/// Splits a stream into 1 ms frames of `ClapBandFrame` energies: each band a fourth-order
/// band-pass (two Butterworth high-passes, then two low-passes).
struct ClapBands {
    /// Samples per frame.
    let frameLength: Int
    /// Each band's width in Hz (the highs end below Nyquist at low sample rates), so bands
    /// can be compared per hertz.
    let widths: (middle: Float, presence: Float, high: Float)
    private var filters: [Biquad]  // four per band, band after band
    private var accumulated = ClapBandFrame()
    private var count = 0

    static let edges: [(Double, Double)] = [(100, 500), (500, 1_500), (1_500, 4_000), (4_000, 10_000)]

    init(sampleRate: Double) {
        frameLength = max(1, Int((sampleRate / 1_000).rounded()))
        filters = Self.edges.flatMap { low, high -> [Biquad] in
            [.highPass(cutoff: low, sampleRate: sampleRate), .highPass(cutoff: low, sampleRate: sampleRate),
             .lowPass(cutoff: high, sampleRate: sampleRate), .lowPass(cutoff: high, sampleRate: sampleRate)]
        }
        let top = Float(min(10_000, sampleRate * 0.45))
        widths = (1_000, 2_500, max(1, top - 4_000))
    }

    /// Feeds one sample; returns a frame each time one is complete.
    @inline(__always)
    mutating func add(_ x: Float) -> ClapBandFrame? {
        let (low, middle, presence, high) = filters.withUnsafeMutableBufferPointer { f -> (Float, Float, Float, Float) in
            @inline(__always) func band(_ first: Int) -> Float {
                let y = f[first + 3].process(f[first + 2].process(f[first + 1].process(f[first].process(x))))
                return y * y
            }
            return (band(0), band(4), band(8), band(12))
        }
        accumulated.low += low
        accumulated.middle += middle
        accumulated.presence += presence
        accumulated.high += high
        count += 1
        guard count == frameLength else { return nil }
        let frame = accumulated / Float(frameLength)
        accumulated = ClapBandFrame()
        count = 0
        return frame
    }
}
