import Foundation

/// Hears hand claps in a stream of mono samples, fed in blocks of any size.
///
/// A clap is a sharp rise well above the background (the adaptive floor and the last 20 ms),
/// present in all three bands from 0.5 to 10 kHz (broadband), bright (per hertz, it adds
/// nearly as much to 4–10 kHz as to 1.5–4 kHz; a "k" burst or a voice's pitch pulse adds far
/// less above 4 kHz), and fallen back 12–18 ms later (short). Over a voice, whose energy lies
/// below 4 kHz, the rise and fall may instead be heard in the 4–10 kHz highs, where a clap
/// stands out far more than in the whole band. A new rise inside a candidate starts a new one,
/// so a clap during a word's onset is not lost. A clap is reported 18 ms after its onset, with
/// the onset's time; then nothing is heard for a refractory period. Speech, music, a thud or a
/// hiss each fail one of these.
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
    private var candidate: ClapCandidate?
    private var quietUntilFrame = 0
    private var loudest = LoudestRecent()
    private var clapUntilFrame = 0

    private static let historyLength = 26
    private static let decisionFrames = 18

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
                loudest.update(ClapShape.mean(history.suffix(3).map(\.total)))
            }
            frameIndex += 1
        }
        if var open = candidate {
            open.frames.append(frame)
            candidate = open
            if open.frames.count == ClapShape.attackFrames && !open.rose(settings) {
                // Only a spike (a glottal pulse, a click): let the next onset be heard at once.
                candidate = nil
                forget(open)
                return nil
            }
            if open.frames.count <= ClapShape.attackFrames || !open.risesAgain(settings) {
                guard open.frames.count == Self.decisionFrames else { return nil }
                candidate = nil
                if let event = decide(open) { return event }
                forget(open)
                return nil
            }
            // Something new started inside a candidate that can no longer be a clap: a word
            // began, and a clap may come with it. The new onset is judged on its own, and is
            // not part of the sound it must stand out of.
            candidate = nil
            open.frames.removeLast()
            forget(open)
        }
        guard frameIndex >= quietUntilFrame, history.count == Self.historyLength,
              frame.total > ClapShape.ratio(settings.minimumLevelDecibels) else { return nil }
        let before = Array(history.dropLast(2))
        let bandBackgrounds = (0..<3).map { band in max(bandFloors[band].level, ClapShape.mean(before.map { $0[band] })) }
        let whole = ClapShape(before: before.map(\.total), floor: floor.level)
        // A voice puts its energy below 4 kHz, so its highs are a quiet place to hear a clap.
        let isVoice = bandBackgrounds[0] > bandBackgrounds[2] * ClapShape.ratio(settings.voiceTiltDecibels)
        let highs = isVoice ? ClapShape(before: before.map(\.highs), floor: bandFloors[2].level) : nil
        let rise = ClapShape.ratio(settings.riseDecibels)
        guard frame.total > whole.background * rise || highs.map({ frame.highs > $0.background * rise }) == true else { return nil }
        candidate = ClapCandidate(onsetFrame: frameIndex, bandBackgrounds: bandBackgrounds, loudest: loudest.level,
                                  whole: whole, highs: highs, frames: [frame])
        return nil
    }

    /// A rejected candidate's sound counts towards the recent loudness, like any other sound.
    private func forget(_ c: ClapCandidate) {
        if playbackGate.isPlaying(Double(c.onsetFrame * meter.frameLength) / sampleRate) { return }
        for end in 3...c.frames.count { loudest.update(ClapShape.mean(c.frames[(end - 3)..<end].map(\.total))) }
    }

    /// Judges a candidate once 18 ms of it have been heard.
    private func decide(_ c: ClapCandidate) -> ClapEvent? {
        quietUntilFrame = c.onsetFrame + Self.decisionFrames  // whatever it was, it is not looked at again
        guard let strength = c.strength(settings, bandwidths: meter.bandwidths) else { return nil }
        let time = Double(c.onsetFrame * meter.frameLength) / sampleRate
        playbackGate.forget(before: time - 1)
        guard !playbackGate.isSuppressed(time) else { return nil }
        quietUntilFrame = c.onsetFrame + Int((settings.refractorySeconds * sampleRate / Double(meter.frameLength)).rounded())
        clapUntilFrame = quietUntilFrame
        return ClapEvent(time: time, strength: (strength * 10).rounded() / 10)
    }
}
