import Foundation

/// Hears hand claps in a stream of mono samples, fed in blocks of any size.
///
/// A clap is a sharp rise well above the background (the adaptive floor and the last 20 ms),
/// present in all three bands from 0.5 to 10 kHz (broadband), that has fallen back 12–18 ms
/// later (short). It is reported 18 ms after its onset, with the onset's time; then nothing is
/// heard for a refractory period. Speech, music, a thud or a hiss each fail one of these.
public final class ClapDetector {
    /// The sample rate of the stream, in Hz.
    public let sampleRate: Double
    /// The thresholds in use.
    public let settings: ClapDetectorSettings
    /// Sounds the program itself plays; claps inside its windows are not reported.
    public var playbackGate = PlaybackGate()

    private var meter: BandEnergyMeter
    private var floor: NoiseFloor
    private var bandFloors: [NoiseFloor]
    private var history: [EnergyFrame] = []  // the frames before the current one, newest last
    private var frameIndex = 0               // frames completed so far
    private var candidate: Candidate?
    private var quietUntilFrame = 0
    private var loudest = LoudestRecent()
    private var clapUntilFrame = 0

    private static let historyLength = 26
    private static let decisionFrames = 18

    private struct Candidate {
        let onsetFrame: Int
        let background: Float
        let bandBackgrounds: [Float]
        let loudest: Float
        let busiest: Float
        var frames: [EnergyFrame] = []
    }

    /// A detector for a stream at `sampleRate` Hz.
    public init(sampleRate: Double, settings: ClapDetectorSettings = ClapDetectorSettings()) {
        self.sampleRate = sampleRate
        self.settings = settings
        meter = BandEnergyMeter(sampleRate: sampleRate)
        let frameSeconds = Double(meter.frameLength) / sampleRate
        floor = NoiseFloor(frameSeconds: frameSeconds)
        bandFloors = Array(repeating: NoiseFloor(frameSeconds: frameSeconds), count: 3)
    }

    /// Seconds of stream heard so far.
    public var streamTime: Double { Double(frameIndex * meter.frameLength) / sampleRate }

    /// Feeds the next block of the stream; returns the claps decided within it.
    public func process(_ samples: [Float]) -> [ClapEvent] {
        var events: [ClapEvent] = []
        for x in samples {
            if let frame = meter.add(x.isFinite ? x : 0), let event = take(frame) {
                events.append(event)
            }
        }
        // Windows of the program's own sound that ended long ago can no longer matter; a
        // quiet week of playback must not make the gate grow.
        playbackGate.forget(before: streamTime - 2)
        return events
    }

    /// Feeds one millisecond frame: updates the background and the candidate, if any.
    private func take(_ frame: EnergyFrame) -> ClapEvent? {
        defer {
            history.append(frame)
            if history.count > Self.historyLength { history.removeFirst() }
            floor.update(frame.total)
            for band in 0..<3 { bandFloors[band].update(frame[band]) }
            // The loudest recent sound leaves out claps and candidates still being judged,
            // so a soft clap just after a loud one is still heard.
            // So does the program's own sound: a clap need not be louder than the kiosk's music.
            if candidate == nil && frameIndex >= clapUntilFrame && !playbackGate.isPlaying(streamTime) {
                loudest.update(Self.mean(history.suffix(3).map(\.total)))
            }
            frameIndex += 1
        }
        if var open = candidate {
            open.frames.append(frame)
            candidate = open
            if open.frames.count == Self.attackFrames && Self.attack(open.frames) { $0.total } <= open.background * Self.ratio(settings.riseDecibels) {
                // Only a spike (a glottal pulse, a click): let the next onset be heard at once.
                candidate = nil
                forget(open)
                return nil
            }
            guard open.frames.count == Self.decisionFrames else { return nil }
            candidate = nil
            if let event = decide(open) { return event }
            forget(open)
            return nil
        }
        guard frameIndex >= quietUntilFrame, history.count == Self.historyLength else { return nil }
        let before = history.dropLast(2)
        let background = max(floor.level, Self.mean(before.map(\.total)))
        let threshold = max(Float(pow(10, settings.minimumLevelDecibels / 10)), background * Self.ratio(settings.riseDecibels))
        guard frame.total > threshold else { return nil }
        let bandBackgrounds = (0..<3).map { band in max(bandFloors[band].level, Self.mean(before.map { $0[band] })) }
        // The loudest 3 ms just before: a voice's pitch pulses repeat, a clap stands alone.
        let busiest = (0...(before.count - 3)).map { Self.mean(Array(before)[$0..<($0 + 3)].map(\.total)) }.max() ?? 0
        candidate = Candidate(onsetFrame: frameIndex, background: background, bandBackgrounds: bandBackgrounds,
                              loudest: loudest.level, busiest: busiest, frames: [frame])
        return nil
    }

    /// A rejected candidate's sound counts towards the recent loudness, like any other sound.
    private func forget(_ c: Candidate) {
        if playbackGate.isPlaying(Double(c.onsetFrame * meter.frameLength) / sampleRate) { return }
        for end in 3...c.frames.count { loudest.update(Self.mean(c.frames[(end - 3)..<end].map(\.total))) }
    }

    /// Judges a candidate once 18 ms of it have been heard.
    private func decide(_ c: Candidate) -> ClapEvent? {
        quietUntilFrame = c.onsetFrame + Self.decisionFrames  // whatever it was, it is not looked at again
        let frames = c.frames
        let peak = Self.attack(frames) { $0.total }
        let late = Self.mean(frames[12..<18].map(\.total))
        let excess = peak - c.background
        guard peak > c.background * Self.ratio(settings.riseDecibels) else { return nil }
        for band in 0..<3 {
            guard Self.attack(frames, { $0[band] }) > c.bandBackgrounds[band] * Self.ratio(settings.bandRiseDecibels) else { return nil }
        }
        guard peak > c.busiest * Self.ratio(settings.aboveRecentPeakDecibels) else { return nil }
        guard late - c.background <= excess / Self.ratio(settings.decayDecibels) else { return nil }
        // Still falling at the end: a word's burst is followed by its vowel, a clap by nothing.
        let middle = Self.mean(frames[9..<12].map(\.total)), end = Self.mean(frames[15..<18].map(\.total))
        guard end - c.background <= (middle - c.background) * 0.8 + c.background * 0.5 else { return nil }
        guard peak > c.loudest * Self.ratio(settings.aboveLoudestDecibels) else { return nil }
        let time = Double(c.onsetFrame * meter.frameLength) / sampleRate
        playbackGate.forget(before: time - 1)
        guard !playbackGate.isSuppressed(time) else { return nil }
        quietUntilFrame = c.onsetFrame + Int((settings.refractorySeconds * sampleRate / Double(meter.frameLength)).rounded())
        clapUntilFrame = quietUntilFrame
        let strength = 10 * log10(Double(peak) / Double(max(c.background, 1e-12)))
        return ClapEvent(time: time, strength: (strength * 10).rounded() / 10)
    }

    private static let attackFrames = 5

    /// The loudest 3 ms in the first 5 ms: long enough that a voice's single pitch pulse does
    /// not look like a burst, short enough for a clap's fast decay.
    private static func attack(_ frames: [EnergyFrame], _ value: (EnergyFrame) -> Float) -> Float {
        var best: Float = 0
        for start in 0...(min(attackFrames, frames.count) - 3) {
            best = max(best, mean(frames[start..<(start + 3)].map(value)))
        }
        return best
    }

    private static func ratio(_ decibels: Double) -> Float { Float(pow(10, decibels / 10)) }

    private static func mean<C: Collection>(_ values: C) -> Float where C.Element == Float {
        values.isEmpty ? 0 : values.reduce(0, +) / Float(values.count)
    }
}
