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

/// Finds where sounds start in a soundtrack, from the samples alone: an energy envelope in
/// 2.5 ms hops, an onset wherever the energy jumps 6 dB above the loudest of the 30 ms
/// before it (and above -60 dBFS), refined to the first sample that stands out. Both sides
/// of a comparison are measured the same way, so what counts is that a listener would
/// hear the same starts, not the detector's absolute accuracy.
public enum SoundOnsetDetector {
    /// Envelope hops per second.
    static let hopsPerSecond = 400
    /// Energy below this (mean square, -60 dBFS) is silence.
    static let floor: Float = 1e-6
    /// How much the energy must jump over the 30 ms before (6 dB).
    static let rise: Float = 4
    /// Hops looked back for the level before an onset (30 ms).
    static let lookBack = 12
    /// Hops before another onset may be found (40 ms): one sound's own attack is one onset.
    static let refractory = 16

    /// The onsets of interleaved `samples` with `channels` channels at `sampleRate`.
    public static func onsets(of samples: [Float], channels: Int = 2, sampleRate: Int = 48_000) -> [SoundOnset] {
        let channels = max(1, channels)
        let frames = samples.count / channels
        let hop = max(1, sampleRate / hopsPerSecond)
        let hops = frames / hop
        guard hops > 0 else { return [] }
        var energy = [Float](repeating: 0, count: hops)
        samples.withUnsafeBufferPointer { pcm in
            for h in 0..<hops {
                var sum: Float = 0
                for i in (h * hop * channels)..<((h + 1) * hop * channels) { sum += pcm[i] * pcm[i] }
                energy[h] = sum / Float(hop * channels)
            }
        }
        var onsets: [SoundOnset] = []
        var lastOnsetHop = -refractory
        for h in 0..<hops where h - lastOnsetHop >= refractory {
            let before = energy[max(0, h - lookBack)..<h].max() ?? 0
            guard energy[h] > floor, energy[h] > before * rise else { continue }
            lastOnsetHop = h
            let start = refine(samples, channels: channels, from: max(0, h - 1) * hop, to: min(frames, (h + 1) * hop),
                               above: max(sqrtf(before) * 2, 1e-3))
            let window = Int(0.1 * Double(sampleRate))
            let end = min(frames, start + window)
            var sum: Float = 0
            for i in (start * channels)..<(end * channels) { sum += samples[i] * samples[i] }
            let mean = end > start ? sum / Float((end - start) * channels) : 0
            let added = Double(mean - before)
            onsets.append(SoundOnset(time: Double(start) / Double(sampleRate),
                                     loudness: 10 * log10(max(added, 1e-12))))
        }
        return onsets
    }

    /// The first frame in `from..<to` whose loudest channel exceeds `above` (`from` if none).
    private static func refine(_ samples: [Float], channels: Int, from: Int, to: Int, above: Float) -> Int {
        for frame in from..<max(from, to) {
            for channel in 0..<channels where abs(samples[frame * channels + channel]) > above { return frame }
        }
        return from
    }
}

extension SoundOnsetDetector {
    /// The sound starting near `time` (a cue's time from a trace), measured in the samples
    /// alone: its loudness is the energy of the 100 ms from `time` above that of the 30 ms
    /// before; its onset the first frame from `time - search` that stands out from those
    /// 30 ms (nil when none does, or when nothing audible starts there).
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
        let start = frame(time)
        let before = meanSquare(frame(time - 0.03), start)
        let after = meanSquare(start, frame(time + 0.1))
        let added = Double(after - before)
        let loudness = 10 * log10(max(added, 1e-12))
        guard after > floor else { return (nil, loudness) }
        let onset = refine(samples, channels: channels, from: frame(time - search), to: frame(time + 0.1),
                           above: max(sqrtf(before) * 2, 1e-3))
        let found = onset < frame(time + 0.1) - 1 ? Double(onset) / Double(sampleRate) : nil
        return (found, loudness)
    }
}
