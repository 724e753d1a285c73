import Foundation

/// A mono buffer that sound recipes draw into: tones with envelopes, pitch sweeps and
/// filtered noise, each added at a time offset. Pure arithmetic, no I/O.
package struct ClipBuilder {
    package let sampleRate: Double
    package private(set) var samples: [Float]

    package init(duration: Double, sampleRate: Double) {
        self.sampleRate = sampleRate
        samples = [Float](repeating: 0, count: Int((duration * sampleRate).rounded(.up)))
    }

    /// A struck tone: `partials` are (frequency ratio, relative amplitude, decay seconds);
    /// a short linear attack keeps the start free of clicks.
    package mutating func addBell(at start: Double, frequency: Double, amplitude: Double, attack: Double = 0.004,
                          partials: [(ratio: Double, level: Double, decay: Double)]) {
        let longest = partials.map(\.decay).max() ?? 0
        add(at: start, duration: longest * 7) { t in
            var value = 0.0
            for p in partials {
                value += p.level * exp(-t / p.decay) * sin(2 * .pi * frequency * p.ratio * t)
            }
            return amplitude * min(1, t / attack) * value
        }
    }

    /// A sine whose frequency follows `frequency(t)`, shaped by `envelope(t)`; the phase is
    /// integrated sample by sample so sweeps stay smooth.
    package mutating func addSweep(at start: Double, duration: Double, amplitude: Double,
                           frequency: (Double) -> Double, envelope: (Double) -> Double) {
        var phase = 0.0
        let rate = sampleRate  // a copy: the closure must not read `self` while `add` mutates it
        add(at: start, duration: duration) { t in
            phase += 2 * .pi * frequency(t) / rate
            return amplitude * envelope(t) * sin(phase)
        }
    }

    /// Seeded noise through a band-pass whose centre follows `centre(t)`, shaped by `envelope(t)`.
    package mutating func addNoise(at start: Double, duration: Double, amplitude: Double, seed: UInt64, q: Double = 1.2,
                           centre: (Double) -> Double, envelope: (Double) -> Double) {
        var noise = NoiseSource(seed: seed)
        var filter = Biquad.bandPass(centre: centre(0), q: q, sampleRate: sampleRate)
        var step = 0
        let rate = sampleRate  // a copy: the closure must not read `self` while `add` mutates it
        add(at: start, duration: duration) { t in
            // Redesigning every 32 samples is smooth enough for a sweep and keeps the cost low.
            if step % 32 == 0 { filter.retune(to: .bandPass(centre: centre(t), q: q, sampleRate: rate)) }
            step += 1
            return amplitude * envelope(t) * Double(filter.process(noise.next()))
        }
    }

    private mutating func add(at start: Double, duration: Double, _ value: (Double) -> Double) {
        let first = Int((start * sampleRate).rounded())
        let count = min(Int((duration * sampleRate).rounded()), samples.count - first)
        guard first >= 0, count > 0 else { return }
        for i in 0..<count {
            samples[first + i] += Float(value(Double(i) / sampleRate))
        }
    }
}

/// Smooth envelopes shared by the recipes.
package enum Envelope {
    /// Rises linearly over `attack`, then decays exponentially with time constant `decay`.
    package static func pluck(_ t: Double, attack: Double, decay: Double) -> Double {
        min(1, t / attack) * exp(-max(0, t - attack) / decay)
    }

    /// A raised-cosine swell over `duration`: silent at both ends, loudest at `peak` (0…1).
    package static func swell(_ t: Double, duration: Double, peak: Double = 0.5) -> Double {
        let x = max(0, min(1, t / duration))
        let shaped = x < peak ? x / peak * 0.5 : 0.5 + (x - peak) / (1 - peak) * 0.5
        return 0.5 - 0.5 * cos(2 * .pi * shaped)
    }
}
