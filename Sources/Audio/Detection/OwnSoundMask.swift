import Foundation

/// Compares the microphone with what the program played, bin by bin, and keeps of the
/// microphone only what stands over the most the program's own sound can be there.
///
/// Both streams are cut into short-time spectra (`fftSize` points, a new one each 1 ms): the
/// played one read at the echo's delay, found from the onsets (`EchoDelayFollower`) and followed
/// by the echo's phase (`followPhase`), so the spectra stay
/// aligned as the two clocks drift. `EchoCeiling` says per bin the most the
/// echo can be; the bins under it are taken out, the others lose that much power, and the rest
/// is put back together (overlap-add), so the clap detector judges a stream with the echo gone,
/// a clap's shape and timing intact; each 1 ms frame also gets an `EchoVerdict`. A jump of the
/// echo (its phase lost while nothing louder is heard, `EchoPhase`) or a splice of the played
/// stream holds decisions for a moment. While the echo lines up, each bin's echo is also
/// predicted from what was played (the transfer `EchoPhase` learns) and taken out, and a bin
/// counts as clear when either the microphone stands over the ceiling or what is left stands
/// over a ceiling of its own: a clap under the echo's level shows there. The output stream is
/// masked from the microphone alone (what is left of an imperfect prediction would carry the
/// demo's note onsets into a clap's tail). The output lags the input by `latencySamples`. Pure
/// Swift, no I/O, no allocation per frame.
public final class OwnSoundMask {
    /// The sample rate of both streams, in Hz.
    public let sampleRate: Double
    /// Points of each spectrum.
    public let fftSize: Int
    /// How far the output lags the input, in samples: a bin decision needs the whole window.
    public var latencySamples: Int { fftSize - hop }
    /// Microphone samples taken so far: the stream time `notePlayed` counts in.
    public private(set) var streamSamples = 0
    /// The echo's delay behind the played sound's nominal time, in seconds, once found: the
    /// onsets' delay, refined by the echo's phase.
    public var delay: Double? { fineDelay.map { $0 / sampleRate } }
    /// The coupling learnt per octave band from what is played to what the microphone hears, in dB.
    public var couplingDecibels: [Float] { ceiling.coupling.map { 10 * log10f(max($0, 1e-20)) } }
    /// The 1 ms output frames in which no clap may be decided (a splice of the played stream,
    /// a jump of the echo): found up to a few tens of ms after the frames' verdicts were given.
    public var heldFrames: [Range<Int>] {
        holds.map { ($0.lowerBound + latencySamples) / hop..<($0.upperBound + latencySamples + hop - 1) / hop }
    }
    /// The verdicts of the 1 ms output frames the last `process` completed, in order.
    public private(set) var verdicts: [EchoVerdict] = []

    private let hop: Int
    /// The delay the played sound is read at: the follower's, refined by the echo's phase (`followPhase`).
    private var fineDelay: Double?
    private var lockSum: (re: Float, im: Float) = (0, 0)
    private let bandBins: [Range<Int>]  // the bins of each band a clap is judged in (`ClapBands.edges`)
    private var fft: RealFFT
    private var played: PlayedStream
    private var follower: EchoDelayFollower
    private var ceiling: EchoCeiling
    private let window: [Float]
    private let overlapGain: [Float]  // 1 / the sum of the analysis windows over each sample, by phase
    private var micRing: [Float]  // the last `fftSize` microphone samples, a ring
    private var frameBuffer: [Float]
    private var re: [Float], im: [Float]
    private var playedRe: [Float], playedIm: [Float]  // the played spectrum's scratch, apart from the microphone's
    private var residualRe: [Float], residualIm: [Float], residualPower: [Float]  // the microphone less the predicted echo
    private var phase: EchoPhase
    private let lagFrames: Int  // analysis frames between a frame's window end and the output frame at its centre
    private var micPower: [Float]
    private var playedRing: [[Float]]  // the played spectra of the last `reachFrames * 2 + 1` frames
    private var playedSlot = 0
    private var near: [Float], reach: [Float]
    private var synthesis: [Float]  // overlap-add accumulator, `fftSize` long, oldest first
    private var outputQueue: [Float]  // finished output samples not yet returned
    private var micFrameEnergy: Float = 0
    private var frameCount = 0
    private var analysed: [EchoVerdict]  // analysis frames' verdicts, a ring
    private var holds: [Range<Int>] = []  // input samples where no clap is decided
    private var lastPlayed = Int.min / 2  // the input sample of the last audible played sound
    private var zeroRun = 0, runStart = 0, runCutSound = false, recentPeak: Float = 0  // the microphone's exact zeros

    /// Frames either side of the tracked delay whose played power bounds the echo: the delay is
    /// tracked to about a millisecond, and a window's spectrum moves little in 3 ms.
    static let nearFrames = 3
    /// Frames either side within which an echo that moved is still explained.
    static let reachFrames = 20
    /// How long a splice or a jump holds decisions, in seconds: the click and the windows that
    /// hold it.
    static let holdSeconds = 0.04
    /// The echo has jumped when its phase has been lost (`EchoPhase`) this many frames in a row:
    /// longer than a clap's crack and the window that holds it, soon enough that the hold reaches
    /// the clap detector before it confirms a clap over the program's own sound.
    static let jumpFrames = 20
    /// Exact zeros in a row that are a loss of samples when they cut a sound whose recent peak
    /// (falling 13 dB a millisecond at 48 kHz: a stream's resampler rings the cut down over a
    /// fraction of one) was over `cutLevel` (−50 dBFS); a loss lasts at most `longestDropout` seconds.
    static let dropoutSamples = 8
    static let cutLevel: Float = 0.003
    static let peakFall: Float = 0.97
    static let longestDropout = 0.25
    /// Silence (in seconds) after which the played sound's return may click at the microphone.
    static let resumedSilence = 0.05
    /// How long decisions are held where that return reaches the microphone, in seconds.
    static let resumedHoldSeconds = 0.006
    /// How long played sound may still be heard after it ends (buffers, the room), in seconds.
    static let playedAllowance = 0.3

    /// A mask for streams at `sampleRate`, trying echo delays from `earliest` to `latest`
    /// seconds after the played sound's nominal time.
    public init(sampleRate: Double, earliest: Double = -0.03, latest: Double = 0.25) {
        self.sampleRate = sampleRate
        var size = 4
        while Double(size) < sampleRate * 0.01 { size <<= 1 }  // 512 at 44.1 and 48 kHz: 94 Hz bins
        fftSize = size
        hop = max(1, Int((sampleRate / 1_000).rounded()))
        bandBins = ClapBands.edges.map { low, high in
            let top = min(high, sampleRate * 0.45)
            return Int((low * Double(size) / sampleRate).rounded())..<Int((top * Double(size) / sampleRate).rounded())
        }
        fft = RealFFT(count: size)
        played = PlayedStream(sampleRate: sampleRate)
        let frameSeconds = Double(hop) / sampleRate
        follower = EchoDelayFollower(frameLength: hop, lags: Int((earliest / frameSeconds).rounded())...Int((latest / frameSeconds).rounded()))
        ceiling = EchoCeiling(binCount: size / 2 + 1, fftSize: size, sampleRate: sampleRate)
        phase = EchoPhase(binCount: size / 2 + 1, bins: ceiling.matchBins)
        window = (0..<size).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size))) }
        var sums = [Float](repeating: 0, count: hop)
        for phase in 0..<hop {
            var s = phase
            while s < size { sums[phase] += window[s]; s += hop }
        }
        overlapGain = sums.map { 1 / $0 }
        micRing = [Float](repeating: 0, count: size)
        frameBuffer = [Float](repeating: 0, count: size)
        re = [Float](repeating: 0, count: size / 2 + 1)
        im = re
        playedRe = re
        playedIm = re
        residualRe = re
        residualIm = re
        residualPower = re
        micPower = re
        lagFrames = Int((Double(size / 2 - hop / 2) / Double(hop)).rounded())
        playedRing = Array(repeating: re, count: 2 * Self.reachFrames + 1)
        near = re
        reach = re
        synthesis = [Float](repeating: 0, count: size)
        outputQueue = []
        outputQueue.reserveCapacity(4_096)
        analysed = Array(repeating: .silent, count: 64)
        verdicts.reserveCapacity(64)
    }

    /// Notes mono samples played so that, nominally, the first reaches the microphone at stream
    /// sample `at`; a block whose stamp strays from the stream's drift (an underrun, a restart) is
    /// a splice, and holds decisions where its cut and its return reach the microphone.
    public func notePlayed(_ mono: [Float], at start: Int) {
        let drift = played.drift
        if let splice = played.note(mono, at: start, heard: streamSamples) {
            let delay = Int(follower.delay ?? 0)
            holdClick(at: splice.cut + delay)
            holdClick(at: splice.resumed + delay)
        }
        // The played sound is read where the stamps' drift puts it: the transfer learnt from it
        // moves with it, as with a move of the delay (`followPhase`).
        if played.drift != drift { phase.shift(bySamples: played.drift - drift, fftSize: fftSize) }
        guard let first = mono.firstIndex(where: { abs($0) > 1e-4 }) else { return }
        if start + first - lastPlayed >= Int(Self.resumedSilence * sampleRate), let delay = fineDelay ?? follower.delay {
            // Sound out of silence: an amplifier that muted pops as it opens, and a stream that
            // restarts may lose its first samples; either is a click the played samples lack.
            let at = start + first + Int(delay)
            holdClick(at: at, seconds: Self.resumedHoldSeconds)
        }
        lastPlayed = max(lastPlayed, start + mono.count)
    }

    /// Takes the next block of the microphone; returns as many samples of the masked stream
    /// (`latencySamples` behind), and sets `verdicts` for its completed 1 ms frames.
    public func process(_ block: [Float]) -> [Float] {
        verdicts.removeAll(keepingCapacity: true)
        findDropouts(in: block)
        var out = [Float]()
        out.reserveCapacity(block.count)
        var next = 0
        while next < block.count {
            // Up to the end of the current hop, through one access to the ring (a class's
            // properties are checked for exclusive access at each use).
            let count = min(block.count - next, hop - streamSamples % hop)
            var energy: Float = 0
            let position = streamSamples
            micRing.withUnsafeMutableBufferPointer { ring in
                for i in 0..<count {
                    let raw = block[next + i]
                    let x = raw.isFinite ? raw : 0
                    ring[(position + i) % fftSize] = x
                    energy += x * x
                }
            }
            streamSamples += count
            micFrameEnergy += energy
            next += count
            if streamSamples % hop == 0 { analyse() }
        }
        // The output stream: `latencySamples` of silence first, then the finished samples.
        out.append(contentsOf: outputQueue.prefix(block.count))
        outputQueue.removeFirst(min(block.count, outputQueue.count))
        return out
    }

    /// A capture or a stream that loses samples gives exact zeros where sound was: the cut and
    /// the return are clicks the played sound does not have, so each holds decisions like a
    /// splice. A microphone's own noise is never exactly zero; a sound that ends by itself fades
    /// out over several milliseconds, and only the zeros of a short loss hold at their end, so a
    /// clap out of a long digital silence (a loopback's room) is still heard.
    private func findDropouts(in block: [Float]) {
        for (i, raw) in block.enumerated() {
            let position = streamSamples + i
            let x = raw.isFinite ? raw : 0
            if x == 0 {
                if zeroRun == 0 {
                    runStart = position
                    runCutSound = recentPeak > Self.cutLevel
                }
                zeroRun += 1
                if zeroRun == Self.dropoutSamples && runCutSound { holdClick(at: runStart) }
            } else {
                if zeroRun >= Self.dropoutSamples && runCutSound && zeroRun <= Int(Self.longestDropout * sampleRate) {
                    holdClick(at: position)
                }
                zeroRun = 0
            }
            recentPeak = max(abs(x), recentPeak * Self.peakFall)
        }
    }

    /// Holds decisions around a click at input sample `at`: from 2 ms before it (the window
    /// that holds it) to `seconds` after.
    private func holdClick(at: Int, seconds: Double = holdSeconds) {
        hold(at - hop * 2..<at + Int(seconds * sampleRate))
    }

    private func hold(_ samples: Range<Int>) {
        holds.removeAll { $0.upperBound < streamSamples - fftSize * 2 }
        holds.append(samples)
    }

    /// One 1 ms hop: follow the delay, compare the spectra, mask, put the frame back together.
    private func analyse() {
        let end = streamSamples  // the input sample after the window
        if follower.add(energy: micFrameEnergy / Float(hop), played: played) {
            hold(end - fftSize..<end + Int(Self.holdSeconds * sampleRate))
            fineDelay = nil
        }
        if let coarse = follower.delay, abs((fineDelay ?? .infinity) - coarse) > Self.fineReach * Double(hop) {
            // Found, jumped, or drifted away from what the onsets say: the onsets' delay again.
            fineDelay = coarse
            lockSum = (0, 0)
        }
        micFrameEnergy = 0
        // The microphone's spectrum.
        let start = end % fftSize
        let size = fftSize
        frameBuffer.withUnsafeMutableBufferPointer { frame in
            micRing.withUnsafeBufferPointer { ring in
                window.withUnsafeBufferPointer { w in
                    for i in 0..<size { frame[i] = ring[(start + i) % size] * w[i] }
                }
            }
        }
        frameBuffer.withUnsafeBufferPointer { signal in
            re.withUnsafeMutableBufferPointer { r in im.withUnsafeMutableBufferPointer { i in fft.forward(signal, re: r, im: i) } }
        }
        re.withUnsafeBufferPointer { r in
            im.withUnsafeBufferPointer { i in
                micPower.withUnsafeMutableBufferPointer { p in for k in 0..<r.count { p[k] = r[k] * r[k] + i[k] * i[k] } }
            }
        }

        let centre = end - fftSize / 2
        let verdict: EchoVerdict
        // The played spectra are kept up even through silence, so the ring is current when
        // the sound starts again.
        if let delay = fineDelay { addPlayedSpectrum(endingAt: Double(end) - delay + Double(Self.reachFrames * hop)) }
        if centre - lastPlayed > Int(Self.playedAllowance * sampleRate) {
            verdict = .silent
        } else if let delay = fineDelay {
            // The played spectrum at the delay: for the echo's phase, and for the echo predicted from it.
            let audible = playedSpectrum(endingAt: Double(end) - delay)
            let subtracts = audible && phase.linesUp
            if subtracts {
                for k in 0..<re.count { residualRe[k] = re[k]; residualIm[k] = im[k] }
                playedRe.withUnsafeBufferPointer { pr in
                    playedIm.withUnsafeBufferPointer { pi in
                        residualRe.withUnsafeMutableBufferPointer { rr in
                            residualIm.withUnsafeMutableBufferPointer { ri in phase.subtract(playedRe: pr, playedIm: pi, micRe: rr, micIm: ri) }
                        }
                    }
                }
                for k in 0..<re.count { residualPower[k] = min(micPower[k], residualRe[k] * residualRe[k] + residualIm[k] * residualIm[k]) }
            }
            let shares = micPower.withUnsafeBufferPointer { heard in
                near.withUnsafeBufferPointer { n in
                    reach.withUnsafeBufferPointer { r in
                        residualPower.withUnsafeBufferPointer { res in
                            ceiling.judge(heard: heard, residual: subtracts ? res : nil, near: n, reach: r, learns: true)
                        }
                    }
                }
            }
            verdict = .compared(aligned: shares.aligned, anyDelay: shares.anyDelay, kept: keptShares(under: ceiling.aligned))
            if audible {
                if judgePhase() == Self.jumpFrames {
                    // The echo jumped about `jumpFrames` ago: somewhere in that frame's window.
                    hold(end - hop * Self.jumpFrames - fftSize..<end + Int(Self.holdSeconds * sampleRate))
                }
                if phase.linesUp { followPhase() }
            }
            // Take out the bins the echo may fill, and of the others what the echo may be there:
            // a bin that a clap's tail lifts just over the ceiling is mostly the demo's own
            // (low) note, which the clap detector would read as a vowel after the crack.
            let limit = ceiling.aligned
            re.withUnsafeMutableBufferPointer { r in
                im.withUnsafeMutableBufferPointer { i in
                    micPower.withUnsafeBufferPointer { p in
                        limit.withUnsafeBufferPointer { c in
                            for k in 0..<r.count {
                                let gain: Float = p[k] <= c[k] ? 0 : (1 - c[k] / p[k]).squareRoot()
                                r[k] *= gain
                                i[k] *= gain
                            }
                        }
                    }
                }
            }
        } else {
            verdict = .unaligned
        }
        analysed[frameCount % analysed.count] = holds.contains { $0.contains(centre) } ? .held : verdict
        frameCount += 1

        // Back to samples: the frame's inverse, added in; the oldest hop is then finished.
        re.withUnsafeBufferPointer { r in
            im.withUnsafeBufferPointer { i in
                frameBuffer.withUnsafeMutableBufferPointer { signal in fft.inverse(re: r, im: i, into: signal) }
            }
        }
        let step = hop
        synthesis.withUnsafeMutableBufferPointer { s in
            frameBuffer.withUnsafeBufferPointer { f in for i in 0..<size { s[i] += f[i] } }
            overlapGain.withUnsafeBufferPointer { gain in
                for i in 0..<step { outputQueue.append(s[i] * gain[i]) }
            }
            for i in 0..<(size - step) { s[i] = s[i + step] }
            for i in (size - step)..<size { s[i] = 0 }
        }
        // The output frame now finished holds input samples `end - fftSize ..< end - fftSize + hop`;
        // its verdict is that of the analysis frame centred there.
        let index = frameCount - 1 - lagFrames
        verdicts.append(index >= 0 ? analysed[index % analysed.count] : .silent)
    }

    /// Of each band a clap is judged in, the share of bins the masking leaves at least half of
    /// (the microphone's power at least twice the echo's ceiling there): where the program's own
    /// sound fills a band, what is left of it says little of a clap's shape there.
    private func keptShares(under limit: [Float]) -> BandShares {
        micPower.withUnsafeBufferPointer { p in
            limit.withUnsafeBufferPointer { c in
                func share(_ band: Int) -> Float {
                    let bins = bandBins[band]
                    var kept = 0
                    for k in bins where p[k] > 2 * c[k] { kept += 1 }
                    return Float(kept) / Float(max(1, bins.count))
                }
                return BandShares(low: share(0), middle: share(1), presence: share(2), high: share(3))
            }
        }
    }

    /// Moves the fine delay towards where the echo's phase says it is: the cross-spectrum of the
    /// microphone and the played sound turns by the delay's error times each bin's frequency, so
    /// the turn from one bin to the next, summed over bins and smoothed over frames, is that
    /// error to a small fraction of a sample. The learnt transfer is turned along with each move,
    /// so the prediction it makes stays lined up while the clocks drift.
    private func followPhase() {
        var sumRe: Float = 0, sumIm: Float = 0
        var previousRe: Float = 0, previousIm: Float = 0
        for k in phase.bins {
            let cr = re[k] * playedRe[k] + im[k] * playedIm[k]
            let ci = im[k] * playedRe[k] - re[k] * playedIm[k]
            // This bin's cross-spectrum times the conjugate of the one below it.
            sumRe += cr * previousRe + ci * previousIm
            sumIm += ci * previousRe - cr * previousIm
            previousRe = cr
            previousIm = ci
        }
        let size = (sumRe * sumRe + sumIm * sumIm).squareRoot()
        guard size > 0, let delay = fineDelay else { return }
        // Each frame's turn counts alike, by its direction: a loud frame does not drag the rest.
        lockSum.re = lockSum.re * Self.lockKeep + sumRe / size
        lockSum.im = lockSum.im * Self.lockKeep + sumIm / size
        let error = -Double(atan2f(lockSum.im, lockSum.re)) * Double(fftSize) / (2 * Double.pi)
        let step = max(-Self.lockSlew, min(Self.lockSlew, error * Self.lockGain))
        fineDelay = delay + step
        phase.shift(bySamples: step, fftSize: fftSize)
    }

    /// How far the fine delay may stray from the onsets' delay, in frames, before it is set back to it.
    static let fineReach = 1.0
    /// The phase's turn is smoothed over about 30 frames.
    static let lockKeep: Float = expf(-1 / 30)
    /// The share of the measured error the fine delay moves by each frame, and its most in
    /// samples (50 a second: far beyond any drift, far under a jump).
    static let lockGain = 0.02
    static let lockSlew = 0.05

    /// Reads the played spectrum whose window ends at fractional stream position `end` into
    /// `playedRe`, `playedIm`; returns whether enough is played there to line up with.
    private func playedSpectrum(endingAt end: Double) -> Bool {
        frameBuffer.withUnsafeMutableBufferPointer { frame in
            played.read(endingAt: end, into: frame)
            window.withUnsafeBufferPointer { w in for i in 0..<frame.count { frame[i] *= w[i] } }
        }
        frameBuffer.withUnsafeBufferPointer { signal in
            playedRe.withUnsafeMutableBufferPointer { r in playedIm.withUnsafeMutableBufferPointer { i in fft.forward(signal, re: r, im: i) } }
        }
        var power: Float = 0
        for k in phase.bins { power += playedRe[k] * playedRe[k] + playedIm[k] * playedIm[k] }
        // Under about -60 dBFS there is no echo to line up with.
        return power > Self.audiblePower * Float(fftSize)
    }

    /// Compares the microphone's spectrum (in `re`, `im`) with the played one (in `playedRe`,
    /// `playedIm`); returns how many frames in a row the echo's phase has been lost (`EchoPhase`).
    private func judgePhase() -> Int {
        playedRe.withUnsafeBufferPointer { pr in
            playedIm.withUnsafeBufferPointer { pi in
                re.withUnsafeBufferPointer { mr in
                    im.withUnsafeBufferPointer { mi in phase.judge(micRe: mr, micIm: mi, playedRe: pr, playedIm: pi) }
                }
            }
        }
    }

    /// Played power per spectrum point under which the phase is not judged (about -60 dBFS
    /// through the window).
    static let audiblePower: Float = 2e-4

    /// Pushes the played spectrum whose window ends at fractional stream position `end`, and
    /// updates the most of each bin near the delay and within reach.
    private func addPlayedSpectrum(endingAt end: Double) {
        frameBuffer.withUnsafeMutableBufferPointer { frame in
            played.read(endingAt: end, into: frame)
            window.withUnsafeBufferPointer { w in for i in 0..<frame.count { frame[i] *= w[i] } }
        }
        let slot = playedSlot % playedRing.count
        playedSlot += 1
        frameBuffer.withUnsafeBufferPointer { signal in
            playedRe.withUnsafeMutableBufferPointer { r in
                playedIm.withUnsafeMutableBufferPointer { i in
                    playedRing[slot].withUnsafeMutableBufferPointer { p in fft.powerSpectrum(signal, into: p, re: r, im: i) }
                }
            }
        }
        // The ring's middle slot is the tracked delay itself.
        let count = playedRing.count
        let middle = (playedSlot - 1 - Self.reachFrames + count) % count
        near.withUnsafeMutableBufferPointer { n in
            reach.withUnsafeMutableBufferPointer { r in
                for k in 0..<n.count {
                    n[k] = 0
                    r[k] = 0
                }
                for offset in 0..<count {
                    let spectrum = (middle - Self.reachFrames + offset + 2 * count) % count
                    let isNear = abs(offset - Self.reachFrames) <= Self.nearFrames
                    playedRing[spectrum].withUnsafeBufferPointer { p in
                        for k in 0..<n.count {
                            if isNear { n[k] = max(n[k], p[k]) }
                            r[k] = max(r[k], p[k])
                        }
                    }
                }
            }
        }
    }
}
