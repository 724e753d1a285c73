import Foundation

/// A sound starting in a soundtrack, as a listener hears it: when it starts, and how loud it
/// is over what was already sounding.
public struct SoundOnset: Sendable, Equatable {
    /// Seconds from the start of the soundtrack.
    public var time: Double
    /// The loudness it adds, in dBFS: the energy of its first 100 ms above what sounded
    /// just before it.
    public var loudness: Double

    public init(time: Double, loudness: Double) {
        self.time = time
        self.loudness = loudness
    }
}

/// Measures, in the samples alone, the sound that starts near a given moment (a cue's time
/// from a trace): how much loudness it adds and the first sample where it stands out. Both
/// sides of a comparison are measured the same way, so what counts is that a listener would
/// hear the same starts, not the measure's absolute accuracy.
public enum SoundOnsetDetector {
    /// Energy below this (mean square, -60 dBFS) is silence.
    static let floor: Float = 1e-6

    /// The sound starting near `time` in interleaved `samples`: its loudness is the energy of
    /// the 100 ms from `time` above that of the 30 ms before, in dBFS; its onset the first
    /// frame from `time - search` whose loudest channel stands out (twice the level of those
    /// 30 ms, and above -60 dBFS); nil when nothing audible starts there.
    public static func measure(_ samples: [Float], channels: Int = 2, sampleRate: Int = 48_000,
                               at time: Double, search: Double = 0.02) -> (onset: Double?, loudness: Double) {
        let channels = max(1, channels)
        let frames = samples.count / channels
        func frame(_ seconds: Double) -> Int { max(0, min(frames, Int((seconds * Double(sampleRate)).rounded()))) }
        func meanSquare(_ from: Int, _ to: Int) -> Float {
            guard to > from else { return 0 }
            var sum: Float = 0
            for i in (from * channels)..<(to * channels) { sum += samples[i] * samples[i] }
            return sum / Float((to - from) * channels)
        }
        let start = frame(time), end = frame(time + 0.1)
        let before = meanSquare(frame(time - 0.03), start)
        let after = meanSquare(start, end)
        let loudness = 10 * log10(max(Double(after - before), 1e-12))
        guard after > floor else { return (nil, loudness) }
        let above = max(sqrtf(before) * 2, 1e-3)
        for candidate in frame(time - search)..<end {
            for channel in 0..<channels where abs(samples[candidate * channels + channel]) > above {
                return (Double(candidate) / Double(sampleRate), loudness)
            }
        }
        return (nil, loudness)
    }
}
