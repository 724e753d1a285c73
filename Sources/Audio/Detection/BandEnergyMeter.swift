/// The energy of one millisecond of sound, over the whole band and in three bands.
struct EnergyFrame {
    /// Mean square above 150 Hz.
    var total: Float = 0
    /// Mean squares in 0.5–1.5, 1.5–4 and 4–10 kHz.
    var bands: (Float, Float, Float) = (0, 0, 0)

    /// Mean square in 4–10 kHz, where a voice has little energy and a clap plenty.
    var highs: Float { bands.2 }

    subscript(band: Int) -> Float {
        switch band {
        case 0: bands.0
        case 1: bands.1
        default: bands.2
        }
    }
}

/// Splits a stream into 1 ms frames of band energies with a small bank of biquads.
struct BandEnergyMeter {
    let frameLength: Int
    /// Each band's noise bandwidth in Hz, so bands can be compared per hertz: at 16 kHz the
    /// highs stop at 8 kHz and hold less of a bright sound than at 48 kHz.
    let bandwidths: [Float]
    private var rumble: Biquad
    private var low: Biquad, middle: Biquad, high: Biquad
    private var accumulated = EnergyFrame()
    private var count = 0

    init(sampleRate: Double) {
        frameLength = max(1, Int((sampleRate / 1_000).rounded()))
        // Rumble (traffic, a thud's body, handling noise) says nothing about a clap.
        rumble = .highPass(cutoff: 150, sampleRate: sampleRate)
        low = .bandPass(centre: 866, q: 0.87, sampleRate: sampleRate)
        middle = .bandPass(centre: 2_450, q: 0.98, sampleRate: sampleRate)
        high = .bandPass(centre: 6_300, q: 1.05, sampleRate: sampleRate)
        bandwidths = [low, middle, high].map { Self.noiseBandwidth(of: $0, sampleRate: sampleRate) }
    }

    /// The width of the ideal 0 dB band that would pass as much white noise as `filter`:
    /// the energy of its impulse response over the first 100 ms, times the Nyquist frequency.
    private static func noiseBandwidth(of filter: Biquad, sampleRate: Double) -> Float {
        var filter = filter
        var energy: Float = 0
        for i in 0..<max(1, Int(sampleRate / 10)) {
            let y = filter.process(i == 0 ? 1 : 0)
            energy += y * y
        }
        return energy * Float(sampleRate / 2)
    }

    /// Feeds one sample; returns a frame each time one is complete.
    @inline(__always)
    mutating func add(_ x: Float) -> EnergyFrame? {
        let y = rumble.process(x)
        let a = low.process(y), b = middle.process(y), c = high.process(y)
        accumulated.total += y * y
        accumulated.bands.0 += a * a
        accumulated.bands.1 += b * b
        accumulated.bands.2 += c * c
        count += 1
        guard count == frameLength else { return nil }
        let n = Float(frameLength)
        var frame = accumulated
        frame.total /= n
        frame.bands = (frame.bands.0 / n, frame.bands.1 / n, frame.bands.2 / n)
        accumulated = EnergyFrame()
        count = 0
        return frame
    }
}
