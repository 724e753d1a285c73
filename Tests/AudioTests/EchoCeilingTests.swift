import Testing
@testable import Audio

/// The ceiling the echo cannot exceed, and the share of the clap's bands a sound stands clear of it in.
@Suite struct EchoCeilingTests {
    static let fftSize = 512
    static let rate = 48_000.0
    static let binCount = fftSize / 2 + 1

    /// A ceiling that has learnt a steady echo 10 dB under what was played, `played` per bin.
    static func learnt(played: [Float], frames: Int = 3_000) -> EchoCeiling {
        var ceiling = EchoCeiling(binCount: binCount, fftSize: fftSize, sampleRate: rate)
        let echo = played.map { $0 * 0.1 }
        for _ in 0..<frames { _ = judge(&ceiling, heard: echo, played: played, learns: true) }
        return ceiling
    }

    static func judge(_ ceiling: inout EchoCeiling, heard: [Float], played: [Float], learns: Bool) -> (aligned: Float, anyDelay: Float) {
        heard.withUnsafeBufferPointer { h in
            played.withUnsafeBufferPointer { p in ceiling.judge(heard: h, residual: nil, near: p, reach: p, learns: learns) }
        }
    }

    static func hertz(_ bin: Int) -> Double { Double(bin) * rate / Double(fftSize) }

    /// Music whose hi-hats fill 4–10 kHz (20 dB over the rest) and a clap that stands 30 dB over
    /// the echo in its lower bands only: each band counts alike, so the clap is clear. Counted bin
    /// by bin, 4–10 kHz held 64 of the 102 bins and the same clap came to less than a quarter.
    @Test func aClapPlainBelowLoudHiHatsIsClearInALargeEnoughShare() {
        let played = (0..<Self.binCount).map { Self.hertz($0) >= 4_000 ? Float(100) : 1 }
        var ceiling = Self.learnt(played: played)
        let echo = played.map { $0 * 0.1 }
        let alone = Self.judge(&ceiling, heard: echo, played: played, learns: false)
        #expect(alone.aligned < 0.05 && alone.anyDelay < 0.05, "the echo alone: \(alone)")

        // Clear in all of 0.5–1.5 kHz and the lower half of 1.5–4 kHz; under the hi-hats' echo above.
        let clap = (0..<Self.binCount).map { k -> Float in
            let f = Self.hertz(k)
            return f < 2_750 ? echo[k] * 1_000 : echo[k]
        }
        let shares = Self.judge(&ceiling, heard: clap, played: played, learns: false)
        let needed = ClapDetectorSettings().clearShare
        #expect(shares.aligned >= needed + 0.1 && shares.anyDelay >= needed + 0.1, "the clap: \(shares), needed \(needed)")
        #expect(shares.aligned <= 0.6, "only two bands of three are clear: \(shares)")
    }

    /// At 8 kHz the clap's top band lies above what the stream holds: the bands stop where it does.
    @Test func aLowSampleRateCutsTheClapsBandsShort() {
        let ceiling = EchoCeiling(binCount: 129, fftSize: 256, sampleRate: 8_000)
        let top = Int((3_600.0 / (8_000.0 / 256)).rounded())
        #expect(ceiling.clapBands.count == 2 && ceiling.clapBands.allSatisfy { !$0.isEmpty && $0.upperBound <= top }, "\(ceiling.clapBands)")
    }
}
