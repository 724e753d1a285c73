import Audio
import Foundation
import Testing
import Vocabulary

/// The measure of a sound starting at a moment, on signals whose answer is known, and on
/// the mixer's own cues.
@Suite struct SoundOnsetTests {
    /// Stereo silence with a 440 Hz tone of `amplitude` from `start` for 0.3 s.
    func tone(at start: Double, amplitude: Float, over background: Float = 0, seconds: Double = 2) -> [Float] {
        let rate = 48_000
        var samples = [Float](repeating: 0, count: Int(seconds * Double(rate)) * 2)
        for frame in 0..<(samples.count / 2) {
            let t = Double(frame) / Double(rate)
            var value = background * Float(sin(2 * Double.pi * 97 * t))
            if t >= start && t < start + 0.3 { value += amplitude * Float(sin(2 * Double.pi * 440 * (t - start))) }
            samples[2 * frame] = value
            samples[2 * frame + 1] = value
        }
        return samples
    }

    @Test func aToneStartsWhereItStartsAsLoudAsItIs() throws {
        let measured = SoundOnsetDetector.measure(tone(at: 1, amplitude: 0.5), at: 1)
        let onset = try #require(measured.onset, "\(measured)")
        #expect(abs(onset - 1) < 0.001, "\(measured)")
        // A sine of amplitude 0.5 has a mean square of 0.125: -9.03 dBFS.
        #expect(abs(measured.loudness - 10 * log10(0.125)) < 0.2, "\(measured)")
        // Twice the amplitude is 6 dB louder; over a quiet hum, the hum is not counted.
        let louder = SoundOnsetDetector.measure(tone(at: 1, amplitude: 1), at: 1)
        #expect(abs(louder.loudness - measured.loudness - 6.02) < 0.2)
        let overHum = SoundOnsetDetector.measure(tone(at: 1, amplitude: 0.5, over: 0.05), at: 1)
        #expect(abs(overHum.loudness - measured.loudness) < 0.3, "\(overHum)")
    }

    @Test func aLateToneIsFoundWhereItIsAndSilenceIsInaudible() {
        let late = SoundOnsetDetector.measure(tone(at: 1.012, amplitude: 0.5), at: 1, search: 0.03)
        #expect(abs((late.onset ?? 0) - 1.012) < 0.001, "\(late)")
        let nothing = SoundOnsetDetector.measure(tone(at: 1, amplitude: 0.5), at: 1.6)
        #expect(nothing.onset == nil && nothing.loudness < -60, "\(nothing)")
    }

    @Test func theMixersCuesAreHeardAtTheirTimes() {
        let mixer = CueMixer(cues: [SoundCue(time: 0.5, sound: .boing), SoundCue(time: 1.25, sound: .arpeggio, gain: 0.5)], bank: .cueSounds)
        let samples = mixer.render(frameCount: 96_000)
        let jump = SoundOnsetDetector.measure(samples, at: 0.5), spawn = SoundOnsetDetector.measure(samples, at: 1.25)
        #expect(abs((jump.onset ?? 0) - 0.5) < 0.005 && abs((spawn.onset ?? 0) - 1.25) < 0.005, "\(jump) \(spawn)")
        #expect(jump.loudness > -40 && spawn.loudness > -40)
        let alone = SoundOnsetDetector.measure(CueMixer(cues: [SoundCue(time: 1.25, sound: .arpeggio, gain: 1)], bank: .cueSounds).render(frameCount: 96_000), at: 1.25)
        #expect(abs(alone.loudness - spawn.loudness - 6.02) < 0.5, "half the gain is 6 dB quieter: \(alone) \(spawn)")
    }
}
