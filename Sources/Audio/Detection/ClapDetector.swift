import Foundation

/// Hears hand claps in a stream of mono samples, fed in blocks of any size.
///
/// The stream is split into 1 ms frames of four bands (`ClapBands`). An onset is a jump of
/// the 0.5–10 kHz energy above the 10 ms before it, well above the room. Each onset is heard
/// out for 20 ms, then judged on what it added to the background just before it:
/// - a crack, not a vowel or a drum: little 0.1–0.5 kHz energy at its peak, and no low,
///   voiced sound building up 12–20 ms later;
/// - a clap's spectrum: 0.5–1.5 kHz per hertz within reach of 1.5–4 kHz (a hand's body,
///   which an "s", a click or a snap lacks), and 4–10 kHz not brighter than 1.5–4 kHz (as a
///   cymbal or a hiss is);
/// - short: the crack falls back somewhere in 5–20 ms, however many impacts and whatever
///   room tail follow;
/// - louder than what was heard lately (talk, music), with claps, refused cracks and hits that
///   stood alone, and the kiosk's own sound left out of that memory, so a soft clap just after
///   a loud one or after a knock is still heard.
/// A clap is reported with its onset's time, 20 ms after it; then nothing is heard for a
/// refractory period. Every test was chosen on real recordings (see `ClapDetectorSettings`).
/// A group clapping together, where no clap stands out, is heard apart (`GroupApplause`): a
/// clap for the group when nothing was reported for a while.
public final class ClapDetector {
    /// The sample rate of the stream, in Hz.
    public let sampleRate: Double
    /// The thresholds in use.
    public let settings: ClapDetectorSettings
    /// Sounds the program itself plays; claps inside its windows are not reported.
    public var playbackGate = PlaybackGate()
    /// Frames of the stream in which no clap is decided (`OwnSoundMask.heldFrames`: a splice or
    /// a jump of the echo, found after its frames' verdicts were given).
    public var heldFrames: [Range<Int>] = []
    /// Whether refused onsets are kept for `drainRefusals()` (`listen --explain`).
    public var recordsRefusals = false

    private var bands: ClapBands
    private var history: [ClapBandFrame]  // a ring of the last `historyLength` frames
    private var echoHistory: [EchoVerdict?]  // the same frames' echo verdicts (nil: unknown)
    private var frameIndex = 0           // frames completed so far
    private var floor: NoiseFloor
    private var loudest: LoudestRecentSound
    private var delayedTotals: [(frame: Int, decibels: Float)] = []
    private var candidate: (onset: Int, background: ClapBandFrame)?
    private var quietUntilFrame = 0
    private var lastClap: (onset: Int, peak: Float)?  // the last clap heard, its 0.5–10 kHz peak
    private var clapTails: [ClapTail] = []  // heard claps whose frames may still be reaching the loudness memory
    private var refusals: [ClapRefusal] = []
    private var cracks: [Range<Int>] = []  // frames of refused onsets that died away: kept out of the loudness memory
    private var refusedHits: [RefusedHit] = []  // refused hits with a low body, held out of it until judged
    private var lastRemembered = 0  // the last frame that reached the loudness memory
    private let warmUpFrames: Int
    private var group: GroupApplause?
    private var pending: [ClapEvent] = []  // claps over the program's own sound, waiting for `echoConfirmFrames`
    private var lastReportedFrame: Int?  // the last clap reported, single or the group's

    private static let historyLength = 64
    /// Frames before an onset that make its background (the 10 ms ending 2 ms before it).
    private static let background = 3...12
    /// Over the program's own sound, an onset within this many frames of the open one and this
    /// much louder than anything since it replaces it: within a clap's attack, and four times
    /// the power of what the comparison left (on the replayed rooms, of the 6 claps the stress
    /// room lost to a faint onset, 6 dB kept 4 and 10 dB none, with no false clap either way).
    private static let restartFrames = 19
    private static let louderRestartDecibels: Float = 6
    /// Frames, from the onset, heard before the decision.
    private static let decisionFrames = 20
    /// A frame joins the loudness memory once this old: every clap it may belong to is decided.
    private static let loudnessDelay = 32

    /// A detector for a stream at `sampleRate` Hz.
    public init(sampleRate: Double, settings: ClapDetectorSettings = ClapDetectorSettings()) {
        self.sampleRate = sampleRate
        self.settings = settings
        bands = ClapBands(sampleRate: sampleRate)
        history = Array(repeating: ClapBandFrame(), count: Self.historyLength)
        echoHistory = Array(repeating: nil, count: Self.historyLength)
        let frameSeconds = Double(bands.frameLength) / sampleRate
        floor = NoiseFloor(frameSeconds: frameSeconds)
        loudest = LoudestRecentSound(fadePerSecond: settings.loudestFadeDecibelsPerSecond, frameSeconds: frameSeconds)
        warmUpFrames = max(Self.background.upperBound, Int((settings.warmUpSeconds / frameSeconds).rounded()))
        group = settings.groupApplause.map { GroupApplause(settings: $0, frameSeconds: frameSeconds, widths: bands.widths) }
    }

    /// Seconds of stream heard so far.
    public var streamTime: Double { time(ofFrame: frameIndex) }

    /// The room's quiet level in 0.5–10 kHz, dBFS (1 ms energy), as the detector has learned it.
    public var roomLevel: Double { Double(Self.decibels(max(floor.level, 0))) }

    /// Feeds the next block of the stream; returns the claps decided within it.
    ///
    /// `echo`, when given, holds for each 1 ms frame the block completes (in order; missing ones
    /// count as unknown) what comparing the microphone with the program's own sound said of it
    /// (`OwnSoundMask.verdicts`): an onset is refused near a splice, or when too few of its bins
    /// stand well above the echo; the playback gate decides only where the echo is unknown.
    public func process(_ samples: [Float], echo: [EchoVerdict] = []) -> [ClapEvent] {
        var events: [ClapEvent] = []
        var verdicts = echo.makeIterator()
        for x in samples {
            if let frame = bands.add(x.isFinite ? x : 0) {
                echoHistory[frameIndex % Self.historyLength] = verdicts.next()
                if let event = take(frame) {
                    if echoHeard(near: event) {
                        pending.append(event)
                    } else {
                        events.append(event)
                    }
                }
                confirmPending(into: &events)
                if let event = hearGroup(frame) { events.append(event) }
            }
        }
        // Windows that ended long ago can no longer matter: a week of playback must not grow them.
        playbackGate.forget(before: streamTime - 2)
        clapTails.removeAll(where: \.ended)
        return events
    }

    /// The onsets refused since the last call (kept only while `recordsRefusals` is on).
    public func drainRefusals() -> [ClapRefusal] {
        defer { refusals.removeAll() }
        return refusals
    }

    private func frame(_ index: Int) -> ClapBandFrame { history[index % Self.historyLength] }

    private func time(ofFrame index: Int) -> Double { Double(index * bands.frameLength) / sampleRate }

    /// Takes one millisecond frame: the background, the loudness memory, the candidate.
    private func take(_ newest: ClapBandFrame) -> ClapEvent? {
        let index = frameIndex
        history[index % Self.historyLength] = newest
        frameIndex += 1
        judgeRefusedHits(at: index)
        remember(newest, at: index)

        if let open = candidate {
            // Over the program's own sound, a much louder onset soon after a faint one (what is
            // left of that sound flickering) is the one judged: the faint one's 20 ms would count
            // the clap as what followed it. Not elsewhere: before a syllable's vowel, a faint
            // consonant is what tells talk from a clap.
            if case .compared? = echoHistory[index % Self.historyLength], index - open.onset <= Self.restartFrames,
               newest.clap >= (open.onset..<index).map { frame($0).clap }.max()! * Self.ratio(Self.louderRestartDecibels) {
                candidate = (index, open.background)
                return nil
            }
            guard index - open.onset + 1 == Self.decisionFrames else { return nil }
            candidate = nil
            return decide(onset: open.onset, background: open.background)
        }
        // The room's level from 5 ms means: single milliseconds of noise dip far below its level,
        // most of all at low sample rates, and a floor that follows them would make any
        // flicker look loud.
        defer { floor.update((0..<5).reduce(Float(0)) { $0 + frame(max(0, index - $1)).clap } / 5) }
        // The first quarter second learns the room: with no memory of what is usual yet, the
        // first syllable of talk already under way would pass for a clap.
        guard index >= warmUpFrames else { return nil }
        let level = newest.clap
        if index < quietUntilFrame {
            // Over the program's own sound, what the comparison leaves says how much of a sound
            // stood over the echo, not how loud it was: a clap's later impacts, heard as the
            // program's sound falls away, stand far louder there than its first, which only the
            // predicted echo revealed. Within the refractory period nothing more is heard there.
            if case .compared? = echoHistory[index % Self.historyLength] { return nil }
            // A clap's impacts, echoes and tail are never much louder than the clap: an onset
            // that is, once the clap's own impacts are over, is someone else clapping.
            guard let last = lastClap, index >= last.onset + ClapTail.impactFrames,
                  level >= last.peak * Self.ratio(settings.louderAfterClapDecibels) else { return nil }
        }
        let background = Self.background.reduce(ClapBandFrame()) { $0 + frame(index - $1) } / Float(Self.background.count)
        guard level >= background.clap * Self.ratio(settings.riseDecibels),
              floor.level >= 0, level >= floor.level * Self.ratio(settings.aboveRoomDecibels),
              Self.decibels(level) >= settings.minimumLevelDecibels else { return nil }
        candidate = (index, background)
        return nil
    }

    /// Puts a frame into the loudness memory once it is old enough that every clap it could
    /// be part of has been decided; claps' own frames, refused cracks, refused hits that died
    /// away and the kiosk's own sound stay out.
    private func remember(_ newest: ClapBandFrame, at index: Int) {
        delayedTotals.append((index, Self.decibels(newest.total)))
        while let first = delayedTotals.first, first.frame <= index - Self.loudnessDelay {
            delayedTotals.removeFirst()
            lastRemembered = first.frame
            var excluded = playbackGate.isPlaying(time(ofFrame: first.frame))
            // A clap's tail is followed in 5 ms means: its single milliseconds flicker by ±5 dB in
            // a room, and one quiet millisecond made the next look like something new rising,
            // ending the tail while it was still loud enough to hide the next clap.
            let recent = (0..<ClapTail.smoothingFrames).reduce(Float(0)) { $0 + frame(max(0, first.frame - $1)).total }
            let recentDecibels = Self.decibels(recent / Float(ClapTail.smoothingFrames))
            for i in clapTails.indices where clapTails[i].contains(first.frame, decibels: recentDecibels) { excluded = true }
            cracks.removeAll { $0.upperBound <= first.frame }
            if cracks.contains(where: { $0.contains(first.frame) }) { excluded = true }
            refusedHits.removeAll { $0.forgotten != nil && $0.frames.upperBound <= first.frame }
            if !excluded, let i = refusedHits.firstIndex(where: { $0.frames.contains(first.frame) }) {
                switch refusedHits[i].forgotten {
                case nil:
                    refusedHits[i].hold(first.frame, decibels: first.decibels)
                    excluded = true
                case true?:
                    excluded = true
                case false?:
                    break
                }
            }
            loudest.update(excluded ? nil : first.decibels)
        }
    }

    /// Judges each refused hit 50 ms after its onset: one that died away stays out of the
    /// loudness memory; one whose sound went on (a syllable) is remembered after all.
    private func judgeRefusedHits(at index: Int) {
        for i in refusedHits.indices where refusedHits[i].forgotten == nil && index >= refusedHits[i].onset + RefusedHit.judgedFrom {
            let window = RefusedHit.fallWindow
            let later = window.reduce(Float(0)) { $0 + frame(refusedHits[i].onset + $1).total } / Float(window.count)
            for held in refusedHits[i].judge(laterDecibels: Self.decibels(later), fallDecibels: settings.hitFallDecibels) {
                loudest.recall(held.decibels, framesAgo: lastRemembered - held.frame)
            }
        }
    }

    /// Judges the onset at frame `onset` once 20 ms of it have been heard.
    private func decide(onset: Int, background: ClapBandFrame) -> ClapEvent? {
        let frames = (onset..<onset + Self.decisionFrames).map(frame)
        let attack = frames[0..<5]
        let peak = attack.map(\.clap).max() ?? 0
        // Where the program's own sound filled a band, the comparison left only part of it: the
        // clap's energy there is what was left over the share left (at most `leastKeptShare`'s
        // worth of lift), and a band left too little of says nothing of the clap's shape.
        let kept = keptShares(around: onset)
        let least = settings.leastKeptShare
        let lift = BandShares(low: 1 / max(kept.low, least), middle: 1 / max(kept.middle, least),
                              presence: 1 / max(kept.presence, least), high: 1 / max(kept.high, least))
        let added = attack.map { $0.excess(over: background).scaled(by: lift) }
        let crack = added.map(\.clap).max() ?? 0
        let lowPeak = added.map(\.low).max() ?? 0
        // Raw differences, not clipped: a vowel adds low energy on average, a clap's tail none.
        let lowAfter = frames[12..<20].reduce(Float(0)) { $0 + $1.low - background.low } / 8 * lift.low
        let middle = (added.map(\.middle).max() ?? 0) / bands.widths.middle
        let presence = (added.map(\.presence).max() ?? 0) / bands.widths.presence
        let high = (added.map(\.high).max() ?? 0) / bands.widths.high
        // Over 3 ms, so a noise's flicker from one millisecond to the next is not a fall.
        let smoothed = (1..<frames.count - 1).map { (frames[$0 - 1].clap + frames[$0].clap + frames[$0 + 1].clap) / 3 }
        let smoothedPeak = smoothed[0..<4].max() ?? 0
        let trough = smoothed[4...].min() ?? 0
        let loudestOwn = frames[0..<12].map(\.total).max() ?? 0

        let d = Self.decibels
        let judged = (low: kept.low >= least, middle: kept.middle >= least, presence: kept.presence >= least, high: kept.high >= least)
        let allChecks: [(ClapTest, measured: Float, limit: Float, passes: Bool)] = [
            (.lowAtPeak, d(lowPeak) - d(crack), settings.lowAtPeakDecibels, d(lowPeak) - d(crack) <= settings.lowAtPeakDecibels),
            (.lowAfter, d(lowAfter) - d(crack), settings.lowAfterDecibels, d(lowAfter) - d(crack) <= settings.lowAfterDecibels),
            (.middleShortfall, d(middle) - d(presence), settings.middleShortfallDecibels,
             d(middle) - d(presence) >= settings.middleShortfallDecibels),
            (.middleExcess, d(middle) - d(presence), settings.middleExcessDecibels, d(middle) - d(presence) <= settings.middleExcessDecibels),
            (.highExcess, d(high) - d(presence), settings.highExcessDecibels, d(high) - d(presence) <= settings.highExcessDecibels),
            (.highShortfall, d(high) - d(presence), settings.highShortfallDecibels,
             d(high) - d(presence) >= settings.highShortfallDecibels),
            (.dip, d(smoothedPeak) - d(trough), settings.dipDecibels, d(smoothedPeak) - d(trough) >= settings.dipDecibels),
            (.aboveLoudest, d(loudestOwn) - loudest.level, settings.aboveLoudestDecibels,
             d(loudestOwn) - loudest.level >= settings.aboveLoudestDecibels),
        ]
        // The tests of a band the program's own sound hid are left out. Where it hid every band
        // of the crack (0.5–10 kHz), what is left there is what stood over the echo, not the
        // clap: its low energy against the crack and its fall say nothing of the clap, and the
        // comparison's clear share (`isOwnSound`) decides alone. Not in a heard clap's tail,
        // which the comparison rightly finds is not the program's sound: what flickers over the
        // echo there does not fall, and is refused for it.
        let crackHidden = !judged.middle && !judged.presence && !judged.high
        let inClapTail = lastClap.map { onset - $0.onset < ClapTail.longestFrames } ?? false
        let checks = allChecks.filter { check in
            switch check.0 {
            case .lowAtPeak, .lowAfter: return judged.low && !crackHidden
            case .dip: return !crackHidden || inClapTail
            case .middleShortfall, .middleExcess: return judged.middle && judged.presence
            case .highExcess, .highShortfall: return judged.high && judged.presence
            default: return true
            }
        }
        let time = self.time(ofFrame: onset)
        if let failed = checks.first(where: { !$0.passes }) {
            // A refused sound that died away within 20 ms was a crack (a knock, a drum, someone
            // else's clap in applause), not talk or music: its 20 ms stay out of the loudness
            // memory, or it would hide the next clap for seconds (docs/benchmarks.md). Not when
            // a vowel followed it. When its low energy outweighed its crack it may be a syllable
            // or a drum's body: if it rose out of quiet it is held out until 50 ms show whether
            // it died away (a hit) or went on (talk).
            if failed.0 != .lowAfter, checks.contains(where: { $0.0 == .dip && $0.passes }) {
                if d(lowPeak) - d(crack) <= settings.crackLowLimitDecibels {
                    cracks.append(onset - 5..<onset + Self.decisionFrames)
                } else {
                    let quiet = (onset - 30..<onset - 10).reduce(Float(0)) { $0 + frame($1).total } / 20
                    if d(loudestOwn) - d(quiet) >= settings.hitRiseDecibels {
                        refusedHits.append(RefusedHit(onset: onset, loudest: d(loudestOwn)))
                    }
                }
            }
            refuse(time: time, level: d(peak), test: failed.0, measured: failed.measured, limit: failed.limit)
            return nil
        }
        playbackGate.forget(before: time - 1)
        if isOwnSound(onset: onset, time: time) {
            refuse(time: time, level: d(peak), test: .playback, measured: 0, limit: 0)
            return nil
        }
        let refractory = Int((settings.refractorySeconds * sampleRate / Double(bands.frameLength)).rounded())
        quietUntilFrame = onset + refractory
        lastReportedFrame = max(lastReportedFrame ?? onset, onset)
        lastClap = (onset, peak)
        // The clap, its second and third impacts and its room's tail are not "loud talk".
        clapTails.append(ClapTail(onset: onset, backgroundDecibels: d(background.total)))
        let strength = Double(d(peak) - d(max(floor.level, 1e-20)))
        return ClapEvent(time: time, strength: (strength * 10).rounded() / 10)
    }

    /// Of each band, the mean share the comparison with the program's own sound left to be heard
    /// over the frames whose windows hold the onset (all of it where nothing was compared).
    private func keptShares(around onset: Int) -> BandShares {
        var sum = BandShares(low: 0, middle: 0, presence: 0, high: 0)
        let window = onset - 3...onset + 8
        for index in window {
            var shares = BandShares.whole
            if case .compared(_, _, let kept)? = echoHistory[index % Self.historyLength] { shares = kept }
            sum.low += shares.low
            sum.middle += shares.middle
            sum.presence += shares.presence
            sum.high += shares.high
        }
        let count = Float(window.count)
        return BandShares(low: sum.low / count, middle: sum.middle / count, presence: sum.presence / count, high: sum.high / count)
    }

    /// Whether the program's own sound was compared around a clap's onset: then the clap waits
    /// `echoConfirmFrames` for a jump of the echo that the comparison finds only once its click
    /// has passed.
    private func echoHeard(near event: ClapEvent) -> Bool {
        let onset = Int((event.time * sampleRate).rounded()) / bands.frameLength
        return (onset - 3...onset + 8).contains { index in
            if case .compared? = echoHistory[index % Self.historyLength] { return true }
            return false
        }
    }

    /// Passes on the waiting claps whose time is up, unless a hold now covers their onset.
    private func confirmPending(into events: inout [ClapEvent]) {
        while let first = pending.first, Int((first.time * sampleRate).rounded()) / bands.frameLength + Self.decisionFrames + settings.echoConfirmFrames <= frameIndex {
            pending.removeFirst()
            let onset = Int((first.time * sampleRate).rounded()) / bands.frameLength
            if heldFrames.contains(where: { $0.overlaps(onset - 3..<onset + 9) }) {
                refuse(time: first.time, level: 0, test: .playback, measured: 0, limit: 0)
            } else {
                events.append(first)
            }
        }
    }

    /// Whether the onset at frame `onset` may be the program's own sound. A clap's spectrum fills
    /// the frames' windows from a few milliseconds before its onset to several after: where the
    /// echo was compared there, the onset needs enough bins well above it at the tracked delay and
    /// at any delay near it (an echo that just moved is explained there, a clap is not), and no
    /// splice; where it was not, the playback gate decides.
    private func isOwnSound(onset: Int, time: Double) -> Bool {
        if heldFrames.contains(where: { $0.overlaps(onset - 3..<onset + 9) }) { return true }
        var aligned: Float = 0, anyDelay: Float = 0, compared = false, unknown = false
        for index in onset - 3...onset + 8 {
            switch echoHistory[index % Self.historyLength] {
            case .held?: return true
            case .compared(let a, let b, _)?:
                compared = true
                aligned = max(aligned, a)
                anyDelay = max(anyDelay, b)
            case .unaligned?, nil: unknown = true
            case .silent?: break
            }
        }
        if compared { return aligned < settings.clearShare || anyDelay < settings.clearShareAnyDelay }
        return unknown && playbackGate.isSuppressed(time)
    }

    /// Feeds the judgement of a group applauding; a clap for the group when it has applauded
    /// for a while and no clap was reported for `repeatSeconds`, so the princesses jump while
    /// a crowd claps even if no single clap stands out of it.
    private func hearGroup(_ newest: ClapBandFrame) -> ClapEvent? {
        guard let limits = settings.groupApplause, let above = group?.add(newest) ?? nil else { return nil }
        let index = frameIndex - 1
        guard index >= 10, lastReportedFrame.map({ time(ofFrame: index - $0) >= limits.repeatSeconds - 1e-9 }) ?? true else { return nil }
        let now = streamTime
        // The kiosk's own sound (its effects ring like a crowd for a moment) is not a group
        // applauding: nothing is decided while it may have reached the microphone during the
        // window judged, echo canceller or not (single claps still are, through the gate).
        let judged = limits.windowSeconds + limits.holdSeconds
        guard !stride(from: now - judged, through: now, by: 0.01).contains(where: playbackGate.isPlaying) else { return nil }
        lastReportedFrame = index
        return ClapEvent(time: now, strength: (Double(above) * 10).rounded() / 10, group: true)
    }

    private func refuse(time: Double, level: Float, test: ClapTest, measured: Float, limit: Float) {
        guard recordsRefusals else { return }
        func rounded(_ x: Float) -> Double { (Double(x) * 10).rounded() / 10 }
        refusals.append(ClapRefusal(time: time, level: rounded(level), test: test, measured: rounded(measured), limit: rounded(limit)))
    }

    static func ratio(_ decibels: Float) -> Float { powf(10, decibels / 10) }

    static func decibels(_ energy: Float) -> Float { 10 * log10f(max(energy, 1e-20)) }
}
