import Foundation

/// Takes out of a microphone's stream what the program itself played, knowing every sample it
/// played and about when: an adaptive estimate of the echo, subtracted sample by sample.
///
/// The played sound is placed in the microphone's stream time as the caller reckons it
/// (`notePlayed`); how much later it really arrives (buffers, a loopback, the air) is found
/// by `EchoDelayTracker` from the onsets of both, and what the way from the speaker to the
/// microphone does to it (its gain, its colour, the first reflections) is learned by a
/// normalised LMS filter of `filterSeconds` around that lag. Learning pauses while the
/// microphone hears much more than the echo explains (someone clapping or talking), so a clap
/// is not learned as echo. Pure Swift, no I/O: the same samples give the same output.
public final class EchoCanceller {
    /// The sample rate of both streams, in Hz.
    public let sampleRate: Double
    /// How much louder the microphone was than what is left, over the last second of echo, in
    /// dB (0 until the echo's lag is found); a clap or a voice lowers it while heard.
    public private(set) var echoReduction: Double = 0
    /// For each 1 ms frame the last `cancel` completed, the 0.5–10 kHz energy up to which what is
    /// left may still be the echo, while cancelling (0 while the microphone passes unchanged): the
    /// echo's energy there (what was played within 6 ms of the lag, at the gain the echo has had)
    /// as far down as the filter takes the echo out (`typicalReduction`) less
    /// `onsetMarginDecibels`, never further down than `leftoverDecibels`; the echo itself, 3 dB
    /// down, where it starts or a new sound starts in a clap's bands; whatever the filter added
    /// to what was heard. For `ClapDetector.process(_:ownSound:)`.
    public private(set) var ownSoundFloor: [Float] = []
    private let leftover: Float
    private let onsetMargin: Double

    private let frameLength: Int
    private let taps: Int
    private let lead: Int  // taps before the tracked lag
    private var reference: [Float]  // the played sound, a ring indexed by stream sample
    private var referenceEnergy: [Float]  // its 1 ms frame energies, a ring indexed by frame
    private var referenceRise: [Float]  // how far each frame rose over the 10 before it (`EchoDelayTracker.rise`)
    private var written = 0  // the stream sample after the last one played
    private var heard = 0  // stream samples of the microphone taken so far
    private var weights: [Float]
    private var window: [Float]  // the filter's input, newest last; `windowCount` in use
    private var windowCount = 0
    private var windowEnergy: Float = 0
    private var tracker: EchoDelayTracker
    /// The same with a memory of about half a second: where the echo has just jumped to (a
    /// playback stream that underran, a loopback correcting its rate), long before the slow
    /// tracker's seconds of memory agree.
    private var recentTracker: EchoDelayTracker
    private var micHistory: [Float]  // the microphone's last samples, a ring indexed by stream sample
    private let historySamples: Int  // its length: a power of two over the 100 ms a lag is checked on
    private var framesSinceSearch = 0
    private var framesSinceJump = Int.max / 2  // since the filter last followed a jump of the echo
    private var lag: Int?  // in samples, the one the weights are aligned to
    private var micFrame: Float = 0
    private var micFrames: [Float]  // the last 16 microphone frame energies, a ring
    private var frameSum: (mic: Float, residual: Float, estimate: Float) = (0, 0, 0)
    private var reduction: (mic: Float, residual: Float) = (0, 0)
    private var lowReduction: Float = 0
    private var playedBands: ClapBands
    /// The microphone and what is left, split as the detector splits the microphone: the floor
    /// is compared with a clap's crack in 0.5–10 kHz, where the demo's bass is not.
    private var micBands: ClapBands
    private var residualBands: ClapBands
    private var micClap: Float = 0
    private var residualClap: Float = 0
    private var madeHeld: Float = 0
    private var playedClap = [Float](repeating: 0, count: ringFrames)  // a ring by frame: 0.5–10 kHz energy
    /// The microphone's and the lagged played sound's 0.5–10 kHz energies, over the last second or so of echo.
    private var clapGainSums: (mic: Float, played: Float) = (0, 0)
    private var recentPlayedBands = [ClapBandFrame](repeating: ClapBandFrame(), count: 10)  // a ring by frame
    private var playedStarts = [Bool](repeating: false, count: ringFrames)  // a ring by frame
    private var echoFrames = [Float](repeating: 0, count: 10)  // the echo's last 10 frame energies (0.5–10 kHz), a ring
    private var echoStartFrames = 0
    private var framesOnEcho = 0
    /// The microphone's and the lagged played sound's energies, over the last second or so of echo.
    private var gainSums: (mic: Float, played: Float) = (0, 0)

    private static let ringSamples = 1 << 17  // 2.7 s at 48 kHz: well past the longest lag
    private static let ringFrames = 8_192

    /// A canceller at `sampleRate`, trying lags from `earliest` to `latest` seconds after the
    /// played sound's nominal time, with a filter `filterSeconds` long; `ownSoundFloor` as its
    /// doc says.
    public init(sampleRate: Double, earliest: Double = -0.03, latest: Double = 0.25, filterSeconds: Double = 0.008,
                leftoverDecibels: Double = -18, onsetMarginDecibels: Double = 12) {
        onsetMargin = onsetMarginDecibels
        self.sampleRate = sampleRate
        leftover = Float(pow(10, leftoverDecibels / 10))
        frameLength = max(1, Int((sampleRate / 1_000).rounded()))
        taps = max(8, Int(filterSeconds * sampleRate))
        lead = taps / 3
        reference = [Float](repeating: 0, count: Self.ringSamples)
        referenceEnergy = [Float](repeating: 0, count: Self.ringFrames)
        referenceRise = [Float](repeating: 0, count: Self.ringFrames)
        weights = [Float](repeating: 0, count: taps)
        playedBands = ClapBands(sampleRate: sampleRate)
        micBands = ClapBands(sampleRate: sampleRate)
        residualBands = ClapBands(sampleRate: sampleRate)
        window = [Float](repeating: 0, count: taps * 8)
        micFrames = [Float](repeating: 0, count: 16)
        let frameSeconds = Double(frameLength) / sampleRate
        let lagFrames = Int((earliest / frameSeconds).rounded())...Int((latest / frameSeconds).rounded())
        tracker = EchoDelayTracker(lags: lagFrames, memoryFrames: Int(8 / frameSeconds))
        recentTracker = EchoDelayTracker(lags: lagFrames, memoryFrames: Int(0.5 / frameSeconds))
        var history = 1
        while history < Int(0.15 * sampleRate) { history <<= 1 }
        historySamples = history
        micHistory = [Float](repeating: 0, count: history)
    }

    /// The lag the onsets alone point to, in seconds (for tests and measurements).
    public var onsetDelay: Double? { tracker.lag.map { Double($0 * frameLength) / sampleRate } }

    /// Microphone samples taken so far: the stream time `notePlayed` counts in.
    public var streamSamples: Int { heard }

    /// Whether the echo's lag has been found.
    public var isTracking: Bool { lag != nil }

    /// How much of the echo the filter takes out in its worse frames, in dB: the fifth of the
    /// frames where it takes out least, followed frame by frame (someone else heard pauses it);
    /// what `isCancelling` and `ownSoundFloor` go by.
    public var typicalReduction: Double { Double(lowReduction) }

    /// Whether the output has the echo taken out: once `typicalReduction` is 15 dB, after at
    /// least a second of echo, until it falls under 8 dB (a filter not yet, or no longer, on the
    /// echo would add to it). Meanwhile the microphone passes unchanged.
    public private(set) var isCancelling = false

    /// The lag of the echo behind the played sound's nominal time, in seconds, once found.
    public var delay: Double? { lag.map { Double($0) / sampleRate } }

    /// Notes mono samples played so that, nominally, the first reaches the microphone at stream
    /// sample `at`. Blocks that follow on within 50 ms are laid end to end (the times blocks
    /// are stamped with jitter by a few milliseconds; the played sound has no gaps); a later or
    /// earlier block starts the played stream afresh at its own time.
    public func notePlayed(_ mono: [Float], at start: Int) {
        let jitter = Int(0.05 * sampleRate)
        var position = abs(start - written) <= jitter ? written : start
        if written > 0, position != written, isCancelling {
            // The played stream starts afresh: where its echo now is against it is not known
            // until it is found again, so the playback gate decides meanwhile.
            isCancelling = false
            lowReduction = min(lowReduction, 8)
        }
        if position < heard - Self.ringSamples / 2 { position = heard }  // far in the past: useless
        // Samples between the last played one and this block were silence.
        if position > written, position - written < Self.ringSamples {
            for s in written..<position { reference[s & (Self.ringSamples - 1)] = 0 }
        }
        for (i, x) in mono.enumerated() {
            let sample = x.isFinite ? x : 0
            reference[(position + i) & (Self.ringSamples - 1)] = sample
            if let bands = playedBands.add(sample) { notePlayedBands(bands, frame: (position + i) / frameLength) }
        }
        let end = position + mono.count
        // The frame energies of every frame this block touched (and of the silence before it).
        let first = min(position, max(written, end - Self.ringSamples)) / frameLength
        written = max(written, end)
        for frame in first..<(end / frameLength) {
            let energy = energy(ofFrame: frame)
            var earlier: Float = 0
            for k in 1...10 { earlier += referenceEnergy[(frame - k) & (Self.ringFrames - 1)] }
            referenceEnergy[frame & (Self.ringFrames - 1)] = energy
            referenceRise[frame & (Self.ringFrames - 1)] = EchoDelayTracker.rise(energy, over: earlier / 10)
        }
    }

    /// Takes the next block of the microphone's stream; returns it with the estimated echo
    /// taken out.
    public func cancel(_ block: [Float]) -> [Float] {
        var out = [Float](repeating: 0, count: block.count)
        ownSoundFloor.removeAll(keepingCapacity: true)
        for (i, raw) in block.enumerated() {
            let y = raw.isFinite ? raw : 0
            let n = heard
            micHistory[n & (historySamples - 1)] = y
            heard += 1
            var e = y
            var estimate: Float = 0
            if let lag {
                push(referenceSample(n - lag + lead))
                estimate = predict()
                e = y - estimate
                // Someone else is heard (a clap, a voice) when the microphone is well above what
                // the played sound in the filter's reach could make of it: learning stops at once,
                // for 50 ms, so the filter does not take the clap for echo (which would smear it
                // and the echo after it). Judged on the played sound, not on what the filter
                // leaves, so a filter that is wrong still learns.
                micNow += (y * y - micNow) * fastFollow
                if micNow > 6 * explainable + 1e-8 { quietSamples = hangover }
                if quietSamples > 0 {
                    quietSamples -= 1
                } else {
                    adapt(error: e)
                }
            }
            out[i] = isCancelling ? e : y
            micFrame += y * y
            frameSum.mic += y * y
            frameSum.residual += e * e
            frameSum.estimate += estimate * estimate
            if let bands = micBands.add(y) { micClap = bands.clap }
            if let bands = residualBands.add(e) { residualClap = bands.clap }
            if heard % frameLength == 0 { endFrame(n / frameLength) }
        }
        return out
    }

    // MARK: - The filter

    @inline(__always)
    private func referenceSample(_ s: Int) -> Float {
        guard s < written, s > written - Self.ringSamples else { return 0 }
        return reference[s & (Self.ringSamples - 1)]
    }

    /// Appends the newest input sample to the filter's window.
    @inline(__always)
    private func push(_ x: Float) {
        if windowCount == window.count {
            // Slide the newest taps to the front: once every 7 × taps samples; the running
            // energy is summed afresh then, so rounding cannot pile up over weeks.
            windowEnergy = window.withUnsafeMutableBufferPointer { w in
                var energy: Float = 0
                for k in 0..<(taps - 1) {
                    w[k] = w[windowCount - taps + 1 + k]
                    energy += w[k] * w[k]
                }
                return energy
            }
            windowCount = taps - 1
        }
        let leaving = windowCount >= taps ? window[windowCount - taps] : 0
        window[windowCount] = x
        windowCount += 1
        windowEnergy += x * x - leaving * leaving
    }

    /// The echo estimate for the newest sample: weight k goes with the input k samples old.
    @inline(__always)
    private func predict() -> Float {
        guard windowCount >= taps else { return 0 }
        let newest = windowCount - 1
        return weights.withUnsafeBufferPointer { w in
            window.withUnsafeBufferPointer { x in
                var sum: Float = 0
                for k in 0..<taps { sum += w[k] * x[newest - k] }
                return sum
            }
        }
    }

    /// One normalised LMS step, smaller while the microphone hears far more than the echo.
    @inline(__always)
    private func adapt(error: Float) {
        guard windowCount >= taps else { return }
        let power = max(windowEnergy, 0)
        guard power > 1e-6 * Float(taps) else { return }
        let step = 0.3 * error / (power + 1e-4)
        let newest = windowCount - 1
        weights.withUnsafeMutableBufferPointer { w in
            window.withUnsafeBufferPointer { x in
                for k in 0..<taps { w[k] += step * x[newest - k] }
            }
        }
    }

    /// The microphone's energy over the last half millisecond, and the most the echo could
    /// bring this millisecond (the loudest played frame in the filter's reach, at the gain the
    /// echo has had).
    private var micNow: Float = 0
    private var explainable: Float = 0
    /// Samples before learning resumes.
    private var quietSamples = 0
    private lazy var fastFollow = Float(1 / (0.0005 * sampleRate))
    private lazy var hangover = Int(0.05 * sampleRate)

    // MARK: - Frames: the lag, the reduction, when to learn

    private func energy(ofFrame frame: Int) -> Float {
        var sum: Float = 0
        for s in (frame * frameLength)..<((frame + 1) * frameLength) { sum += referenceSample(s) * referenceSample(s) }
        return sum / Float(frameLength)
    }

    /// Marks `frame` of the played sound where a new sound starts in one of a clap's bands
    /// (3 dB over its 10 ms before), though the whole may hardly rise: a chime over a hum, a
    /// tune's next note; and keeps its 0.5–10 kHz energy.
    private func notePlayedBands(_ bands: ClapBandFrame, frame: Int) {
        let before = recentPlayedBands.reduce(ClapBandFrame()) { $0 + $1 } / Float(recentPlayedBands.count)
        recentPlayedBands[frame % recentPlayedBands.count] = bands
        let starts = [(bands.middle, before.middle), (bands.presence, before.presence), (bands.high, before.high)]
            .contains { now, earlier in now > 1e-8 && now > 2 * earlier }
        playedStarts[frame & (Self.ringFrames - 1)] = starts
        playedClap[frame & (Self.ringFrames - 1)] = bands.clap
    }

    private func playedStart(frame: Int) -> Bool {
        guard frame >= 0, (frame + 1) * frameLength <= written, frame * frameLength > written - Self.ringSamples else { return false }
        return playedStarts[frame & (Self.ringFrames - 1)]
    }

    private func playedClapEnergy(frame: Int) -> Float {
        guard frame >= 0, (frame + 1) * frameLength <= written, frame * frameLength > written - Self.ringSamples else { return 0 }
        return playedClap[frame & (Self.ringFrames - 1)]
    }

    private func playedEnergy(frame: Int) -> Float {
        guard frame >= 0, (frame + 1) * frameLength <= written, frame * frameLength > written - Self.ringSamples else { return 0 }
        return referenceEnergy[frame & (Self.ringFrames - 1)]
    }

    private func playedRise(frame: Int) -> Float {
        guard frame >= 0, (frame + 1) * frameLength <= written, frame * frameLength > written - Self.ringSamples else { return 0 }
        return referenceRise[frame & (Self.ringFrames - 1)]
    }

    private func endFrame(_ frame: Int) {
        let energy = micFrame / Float(frameLength)
        micFrame = 0
        let before = micFrames.suffix(10).reduce(0, +) / 10
        micFrames.removeFirst()
        micFrames.append(energy)
        let heardRise = EchoDelayTracker.rise(energy, over: before)
        tracker.add(heard: heardRise) { lag in playedRise(frame: frame - lag) }
        recentTracker.add(heard: heardRise) { lag in playedRise(frame: frame - lag) }
        if let lag {
            let played = playedEnergy(frame: frame - lag / frameLength)
            if played > 1e-7 {
                gainSums.mic = gainSums.mic * 0.998 + energy
                gainSums.played = gainSums.played * 0.998 + played
            }
        }
        if let lag {
            // The played frames the next millisecond's echo is made of, a frame to spare each side.
            let newest = (frame + 1) * frameLength + frameLength - lag + lead
            var loudest: Float = 0
            for f in ((newest - taps) / frameLength - 1)...(newest / frameLength + 1) { loudest = max(loudest, playedEnergy(frame: f)) }
            let gain = gainSums.played > 0 ? min(16, gainSums.mic / gainSums.played) : 1
            explainable = loudest * gain
        }
        let peak = strongestTap
        // Nothing reaches the microphone before the way straight from the speaker: taps well
        // before the strongest one are let fade. Played tones can be foretold from their own
        // past, so the filter would otherwise put weight there, which heard at a sound's start
        // is an echo before the echo.
        if peak > 8 {
            weights.withUnsafeMutableBufferPointer { w in
                for k in 0..<(peak - 8) { w[k] *= 0.9 }
            }
        }
        if let lag, isCancelling {
            // On the echo: the filter itself says where it is, to the sample; its strongest tap
            // is kept where it started, so a drifting lag stays inside the window.
            if frame % 20 == 0, abs(peak - lead) > frameLength / 2 { realign(to: lag + peak - lead, keeping: true) }
        }
        framesSinceSearch += 1
        if let lag, framesSinceSearch >= 50, let recent = recentTracker.lag.map({ $0 * frameLength }),
           abs(recent - (lag + peak - lead)) > 2 * frameLength || !isCancelling {
            framesSinceSearch = 0
            followJump(to: recent, peak: peak)
        }
        framesSinceJump += 1
        if lag == nil || !isCancelling, framesSinceJump > 8_000, let found = tracker.lag.map({ $0 * frameLength }) {
            // Not on it: the onsets say where to look. A filter whose strongest tap is near
            // there already is left to learn; one elsewhere starts afresh there.
            if lag.map({ abs(found - ($0 + peak - lead)) > taps / 4 }) ?? true { realign(to: found, keeping: false) }
        }

        let mic = frameSum.mic, residual = frameSum.residual, estimate = frameSum.estimate
        frameSum = (0, 0, 0)
        // What the filter leaves usually (its reduction), 12 dB higher where a sound starts,
        // and never less than `leftover`.
        let left = max(leftover, min(1, powf(10, (Float(onsetMargin) - lowReduction) / 10)))
        // What the filter added to what was heard (its estimate came early, late or too loud)
        // cannot be a clap; held a few milliseconds, as an onset is judged over its attack.
        // Not all of what is left when that is louder: a clap over a little echo is.
        madeHeld = max(residualClap - micClap, madeHeld * 0.7)
        let made = madeHeld
        // The echo's 0.5–10 kHz energy now, from what was played (known exactly, where the
        // filter's estimate may be wrong) at the gain the echo has had there: the loudest of the
        // frames within 6 ms of the lag, so a lag a little off (the way drifting, the filter on
        // the wrong period of a tone) still covers it; in the clap's bands, where the crack is
        // judged, so the demo's bass does not hide claps.
        var playedNear: Float = 0
        if let lag {
            let centre = frame - lag / frameLength
            for k in -6...6 { playedNear = max(playedNear, playedClapEnergy(frame: centre + k)) }
            let now = playedClapEnergy(frame: centre)
            if now > 1e-8 {
                clapGainSums.mic = clapGainSums.mic * 0.998 + micClap
                clapGainSums.played = clapGainSums.played * 0.998 + now
            }
        }
        let echoNow = playedNear * (clapGainSums.played > 0 ? min(16, clapGainSums.mic / clapGainSums.played) : 1)
        // Where the echo starts (it jumps 6 dB over the 10 ms before), no filter is exact for the
        // first milliseconds (here 4–12 dB out): there the floor is the echo itself, 3 dB down,
        // for 3 ms; where a new sound starts in one of a clap's bands (3 dB over its 10 ms before:
        // a new note, which the filter has not learnt) within 6 ms of the lag either way, for
        // 10 ms. A clap louder than that is still heard.
        let echoBefore = echoFrames.reduce(0, +) / Float(echoFrames.count)
        if echoNow > 4 * echoBefore && echoNow > 1e-8 { echoStartFrames = max(echoStartFrames, 3) }
        if let lag, (-6...8).contains(where: { playedStart(frame: frame - lag / frameLength + $0) }) { echoStartFrames = 10 }
        echoFrames[frame % echoFrames.count] = echoNow
        var floor = max(echoNow * left, made)
        // A frame the filter made louder (twice the microphone's energy: its estimate came where
        // no echo was, as in a hole an underrun left in the microphone's stream, or at a jump
        // of the echo's delay) is all the filter's doing, whatever its bands say.
        if residual > 2 * mic + 1e-12 || residualClap > 2 * micClap + 1e-12 { floor = max(floor, residualClap * 2) }
        if echoStartFrames > 0 {
            echoStartFrames -= 1
            floor = max(floor, echoNow * 0.5)
        }
        ownSoundFloor.append(isCancelling ? max(floor, 1e-20) : 0)
        if lag != nil && estimate > 1e-7 * Float(frameLength) && quietSamples == 0 {
            reduction.mic = reduction.mic * 0.999 + mic
            reduction.residual = reduction.residual * 0.999 + residual
            echoReduction = Double(10 * log10f(max(reduction.mic, 1e-12) / max(reduction.residual, 1e-12)))
            // Whether the filter is on the echo: a low quantile of the reduction over its frames
            // (followed a tenth of a dB up a frame, four tenths down, so it is lost within a tenth
            // of a second of losing the echo), which a clap's frames do not move (learning pauses
            // for them) where a sum would drown in them; on not before a second of echo.
            let now = 10 * log10f(max(mic, 1e-12) / max(residual, 1e-12))
            lowReduction += now > lowReduction ? 0.1 : -0.4
            framesOnEcho += 1
            if let lag, lowReduction >= 15 && framesOnEcho >= 1_000 && !isCancelling {
                // Only where the played sound itself explains what was heard: a filter a period
                // of a tone away, or on sparse sound, can seem to take out enough.
                let delay = lag + strongestTap - lead
                isCancelling = heard < historySamples || bestExplaining(delay...delay, length: Int(0.1 * sampleRate)).share > 0.9
                if !isCancelling { lowReduction = 8 }
            } else if lowReduction < 8 {
                isCancelling = false
            }
        }
    }

    /// Of `delays`, the one at which the played sound explains the most of the microphone's
    /// last `length` samples, and how much: a share of their energy (1: all of it, at some gain).
    private func bestExplaining(_ delays: ClosedRange<Int>, length: Int) -> (delay: Int, share: Float) {
        let end = heard
        let ringMask = Self.ringSamples - 1, historyMask = historySamples - 1
        // Only samples played and still in the ring count; the rest were silence.
        let playedFrom = max(written - Self.ringSamples + 1, 0)
        return micHistory.withUnsafeBufferPointer { m in
            reference.withUnsafeBufferPointer { r in
                var micEnergy: Float = 0
                for s in (end - length)..<end { micEnergy += m[s & historyMask] * m[s & historyMask] }
                var best = (delay: delays.lowerBound, share: Float(0))
                guard micEnergy > 1e-9 else { return best }
                for delay in delays {
                    var cross: Float = 0, playedEnergy: Float = 0
                    for s in (end - length)..<end {
                        let t = s - delay
                        guard t >= playedFrom, t < written else { continue }
                        let x = r[t & ringMask]
                        cross += x * m[s & historyMask]
                        playedEnergy += x * x
                    }
                    let share = playedEnergy > 1e-9 ? cross * cross / (micEnergy * playedEnergy) : 0
                    if share > best.share { best = (delay, share) }
                }
                return best
            }
        }
    }

    /// Where the recent onsets put the echo elsewhere than the filter is (or the filter is off
    /// it): the delay is looked for to the sample within 1.5 ms of theirs, on the last 100 ms;
    /// if the played sound there explains nearly all that was heard, and more than where the
    /// filter is, the filter moves there whole. The way from the speaker has not changed, only
    /// when the sound set out, so what the filter learnt still holds, and it is on the echo again
    /// within milliseconds instead of learning it afresh.
    private func followJump(to recent: Int, peak: Int) {
        guard let lag, heard > historySamples else { return }
        let length = Int(0.1 * sampleRate)
        let current = lag + peak - lead
        let now = bestExplaining(current...current, length: length)
        let reach = frameLength * 3 / 2
        let best = bestExplaining((recent - reach)...(recent + reach), length: length)
        guard best.delay != current, best.share > 0.95, best.share > now.share else { return }
        framesSinceJump = 0
        refill(at: best.delay - peak + lead)
    }

    /// The filter's tap with the most weight: where the way straight from the speaker is.
    private var strongestTap: Int { weights.indices.max(by: { abs(weights[$0]) < abs(weights[$1]) }) ?? lead }

    /// Aligns the filter's input to `newLag`, refilling its window with what was played there.
    private func refill(at newLag: Int) {
        lag = newLag
        windowCount = 0
        windowEnergy = 0
        let next = heard  // the next sample taken pushes reference(next - lag + lead)
        for s in (next - newLag + lead - (taps - 1))..<(next - newLag + lead) { push(referenceSample(s)) }
    }

    /// Moves the filter to a new lag: `keeping` its weights at their physical lags where both
    /// windows overlap, or starting afresh.
    private func realign(to found: Int, keeping: Bool) {
        let shift = lag.map { found - $0 } ?? 0
        var moved = [Float](repeating: 0, count: taps)
        if lag != nil && keeping {
            for k in 0..<taps where k + shift >= 0 && k + shift < taps { moved[k] = weights[k + shift] }
        } else {
            // A fresh start: a plain delay at the lag, as loud as the microphone's echo has
            // been against the played sound. The filter learns only the frequencies the
            // played sound has had so far; the rest keep this guess, so a new sound is
            // cancelled from its first sample instead of being learned anew.
            moved[lead] = gainSums.played > 0 ? min(4, (gainSums.mic / gainSums.played).squareRoot()) : 0.5
            gainSums = (0, 0)
            reduction = (0, 0)
            lowReduction = 0
            framesOnEcho = 0
        }
        weights = moved
        refill(at: found)
    }
}
