import Foundation

/// The most the program's own sound can be in each frequency bin of the microphone: the played
/// power near the echo's delay, times a coupling learnt slowly per band, plus what a small
/// speaker's distortion adds between the played bins, held up by the room's decay.
///
/// A tonal echo sits in a few bins; a clap fills the bins between them. So a frame is judged by
/// the share of the clap's bins (0.5–10 kHz) where the microphone is well above this ceiling
/// (and above the room's own noise there), never by one broadband level: the share of each of
/// the clap's bands (`ClapBands`), averaged, so that each band counts alike. Counted bin by bin,
/// 4–10 kHz held 64 of 102 bins, and where the program's sound was loudest up there a clap
/// plainly over it lower down was outvoted. What is left once the predicted echo is taken out
/// (`judge`'s `residual`) has a ceiling and coupling of its own, learnt the same way: a bin is
/// clear over either.
struct EchoCeiling {
    let binCount: Int
    /// Bins 0.5–10 kHz, where a clap's crack is, in the clap's bands (`ClapBands.edges` from
    /// 0.5 kHz), each judged alike.
    let clapBands: [Range<Int>]
    /// Bins 0.2–10 kHz, where the echo's phase is compared with the played sound's (`EchoPhase`).
    let matchBins: Range<Int>
    /// The ceiling per bin, at the tracked delay and at any delay within reach.
    private(set) var aligned: [Float]
    private(set) var anyDelay: [Float]
    /// The room's noise per bin (a slow minimum of the microphone).
    private(set) var noise: [Float]
    private var smoothed: [Float]
    private static let smoothing: Float = 1 / 30
    /// The learnt coupling per band, from played power to microphone power.
    private(set) var coupling: [Float]
    /// The ceiling and coupling of what is left once the predicted echo is taken out.
    private(set) var residualAligned: [Float]
    private(set) var residualAnyDelay: [Float]
    private(set) var residualCoupling: [Float]
    private let bandOfBin: [Int]
    private let bandRanges: [Range<Int>]
    private let spreadRanges: [Range<Int>]
    private var prefix: [Float]

    /// How far above the ceiling a bin must be to count for a clap: the echo's power in one bin
    /// of one short window scatters by several dB about its mean (a sum of few partials).
    static let clearMarginDecibels: Float = 9
    /// The coupling is tracked to a high percentile of the ratio (up 0.3 dB, down 0.03 dB a
    /// frame: about the 91st) and the ceiling sits this far above it.
    static let couplingMarginDecibels: Float = 4
    /// What a loudspeaker adds between the played bins (harmonics, intermodulation), against
    /// the played power within an octave: a small speaker driven hard reaches 1–3 % distortion
    /// (−40…−30 dB); the margin covers it.
    static let distortionDecibels: Float = -27
    /// The room's decay: the ceiling falls at most this fast, in dB per 1 ms frame (a small
    /// room's reverberation, about 0.3 s to fall 60 dB, with its early part louder).
    static let decayDecibelsPerFrame: Float = 0.25
    /// The first coupling: the speaker right at the microphone; learnt down within a second.
    static let initialCouplingDecibels: Float = 3
    /// A microphone's gain may make the echo louder than what was played, but not by more.
    static let largestCoupling: Float = 100

    private let clearMargin: Float
    private let couplingMargin: Float
    private let distortion: Float
    private let decay: Float
    private let noiseRise: Float

    /// A ceiling over `binCount` bins of a `fftSize`-point spectrum at `sampleRate`.
    init(binCount: Int, fftSize: Int, sampleRate: Double) {
        self.binCount = binCount
        let hertzPerBin = sampleRate / Double(fftSize)
        func bin(_ hertz: Double) -> Int { max(1, min(binCount - 1, Int((hertz / hertzPerBin).rounded()))) }
        let top = bin(min(10_000, sampleRate * 0.45))
        // At a low sample rate the top band is cut short or left out.
        clapBands = ClapBands.edges.filter { $0.0 >= 500 }.map { bin($0.0)..<max(bin($0.0), min(bin($0.1), top)) }.filter { !$0.isEmpty }
        matchBins = bin(200)..<top
        // Octave bands from 62.5 Hz: the coupling of a speaker and a room varies slowly with pitch.
        var edges = [1]
        var hertz = 125.0
        while bin(hertz) < binCount - 1 { edges.append(bin(hertz)); hertz *= 2 }
        edges.append(binCount)
        bandRanges = (0..<edges.count - 1).map { edges[$0]..<edges[$0 + 1] }.filter { !$0.isEmpty }
        var owner = [Int](repeating: 0, count: binCount)
        for (b, range) in bandRanges.enumerated() { for k in range { owner[k] = b } }
        bandOfBin = owner
        spreadRanges = (0..<binCount).map { k in max(1, k / 2)..<min(binCount, max(k * 2, k + 2)) }
        aligned = [Float](repeating: 0, count: binCount)
        anyDelay = [Float](repeating: 0, count: binCount)
        noise = [Float](repeating: 0, count: binCount)
        smoothed = noise
        coupling = [Float](repeating: powf(10, Self.initialCouplingDecibels / 10), count: bandRanges.count)
        residualCoupling = coupling
        residualAligned = aligned
        residualAnyDelay = aligned
        prefix = [Float](repeating: 0, count: binCount + 1)
        clearMargin = powf(10, Self.clearMarginDecibels / 10)
        couplingMargin = powf(10, Self.couplingMarginDecibels / 10)
        distortion = powf(10, Self.distortionDecibels / 10)
        decay = powf(10, -Self.decayDecibelsPerFrame / 10)
        noiseRise = powf(10, 3 / 10 / 1_000)  // 3 dB a second: a clap barely lifts it
    }

    /// Updates the ceiling for one frame from the played power near the delay (`near`, the most
    /// of each bin within a few ms) and within reach (`reach`); returns the shares of the clap's
    /// bins well above it in the microphone's `heard` power, each the mean of its bands' shares.
    /// Learns the coupling only when `learns` (not while someone else may be heard).
    mutating func judge(heard: UnsafeBufferPointer<Float>, residual: UnsafeBufferPointer<Float>?, near: UnsafeBufferPointer<Float>, reach: UnsafeBufferPointer<Float>,
                        learns: Bool) -> (aligned: Float, anyDelay: Float) {
        // The room's noise: the microphone smoothed over about 30 ms (a single window's power
        // scatters too far for its minimum to be the room's level), followed down at once, up slowly.
        for k in 0..<binCount {
            smoothed[k] += (heard[k] - smoothed[k]) * Self.smoothing
            let p = smoothed[k]
            noise[k] = p < noise[k] || noise[k] == 0 ? p : noise[k] * noiseRise
        }
        // Swapped out while written, so no copy is made.
        var ceiling = aligned
        aligned = []
        spread(near, into: &ceiling)
        aligned = ceiling
        ceiling = anyDelay
        anyDelay = []
        spread(reach, into: &ceiling)
        anyDelay = ceiling
        if residual != nil {
            ceiling = residualAligned
            residualAligned = []
            spread(near, into: &ceiling, coupling: residualCoupling)
            residualAligned = ceiling
            ceiling = residualAnyDelay
            residualAnyDelay = []
            spread(reach, into: &ceiling, coupling: residualCoupling)
            residualAnyDelay = ceiling
        }
        var clearShares: Float = 0, clearAnywhereShares: Float = 0
        for band in clapBands {
            var clear = 0, clearAnywhere = 0
            for k in band {
                let floor = noise[k]
                var isClear = heard[k] > clearMargin * (aligned[k] + floor)
                var isClearAnywhere = heard[k] > clearMargin * (anyDelay[k] + floor)
                if let residual {
                    isClear = isClear || residual[k] > clearMargin * (residualAligned[k] + floor)
                    isClearAnywhere = isClearAnywhere || residual[k] > clearMargin * (residualAnyDelay[k] + floor)
                }
                if isClear { clear += 1 }
                if isClearAnywhere { clearAnywhere += 1 }
            }
            clearShares += Float(clear) / Float(band.count)
            clearAnywhereShares += Float(clearAnywhere) / Float(band.count)
        }
        let bands = Float(clapBands.count)
        let shares = (clearShares / bands, clearAnywhereShares / bands)
        if learns && shares.0 < 0.1 {
            learn(heard: heard, loudness: heard, near: near, coupling: &coupling)
            if let residual { learn(heard: residual, loudness: heard, near: near, coupling: &residualCoupling) }
        }
        return shares
    }

    /// `played` times the coupling and its margin, with the distortion between played bins,
    /// held up by the room's decay.
    private mutating func spread(_ played: UnsafeBufferPointer<Float>, into ceiling: inout [Float]) {
        spread(played, into: &ceiling, coupling: coupling)
    }

    private mutating func spread(_ played: UnsafeBufferPointer<Float>, into ceiling: inout [Float], coupling: [Float]) {
        prefix[0] = 0
        for k in 0..<binCount { prefix[k + 1] = prefix[k] + played[k] }
        for k in 0..<binCount {
            let range = spreadRanges[k]
            let octave = (prefix[range.upperBound] - prefix[range.lowerBound]) / Float(range.count)
            let direct = coupling[bandOfBin[k]] * couplingMargin * (played[k] + distortion * octave)
            ceiling[k] = max(direct, ceiling[k] * decay)
        }
    }

    /// Moves each band's coupling towards a high percentile of what the microphone heard over
    /// what was played, where the played sound is well above the room's noise.
    private func learn(heard: UnsafeBufferPointer<Float>, loudness: UnsafeBufferPointer<Float>, near: UnsafeBufferPointer<Float>, coupling: inout [Float]) {
        let up = powf(10, 0.3 / 10), down = powf(10, -0.03 / 10)
        var playedTotal: Float = 0
        for k in 0..<binCount { playedTotal += near[k] }
        for (b, range) in bandRanges.enumerated() {
            var mic: Float = 0, played: Float = 0, room: Float = 0, loud: Float = 0
            for k in range {
                mic += heard[k]
                loud += loudness[k]
                played += near[k]
                room += noise[k]
            }
            // Only where the microphone hears clearly more than the room: elsewhere the ratio is
            // the room's noise over a faint played sound, which would push the coupling up.
            // Nor where hardly anything is played (30 dB under the whole): the ratio is then
            // what the microphone hears there of everything else.
            guard played > 1e-9 * Float(range.count), played > 1e-3 * playedTotal, loud > 4 * room else { continue }
            coupling[b] = min(Self.largestCoupling, coupling[b] * (mic > played * coupling[b] ? up : down))
        }
    }
}
