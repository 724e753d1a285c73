import Foundation

/// A stereo-linked peak limiter: the gain drops at once to whatever keeps the next sample
/// under the ceiling, then recovers smoothly, so a pile of cues is never clipped.
public struct PeakLimiter: Sendable {
    /// The highest absolute sample value that leaves the limiter (-1 dBFS).
    public let ceiling: Float
    private let release: Float
    private var gain: Float = 1

    /// A limiter with `ceiling` and a release time constant of `releaseSeconds`.
    public init(ceiling: Float = 0.891, releaseSeconds: Double = 0.12, sampleRate: Int = 48_000) {
        self.ceiling = ceiling
        release = Float(1 - exp(-1 / (releaseSeconds * Double(sampleRate))))
    }

    /// Limits interleaved stereo `samples` in place.
    public mutating func process(_ samples: inout [Float]) {
        var i = 0
        while i + 1 < samples.count {
            let peak = max(abs(samples[i]), abs(samples[i + 1]))
            let needed = peak > ceiling ? ceiling / peak : 1
            gain = needed < gain ? needed : gain + (needed - gain) * release
            // A NaN would otherwise pass straight through to the speaker.
            samples[i] = gain.isFinite ? samples[i] * gain : 0
            samples[i + 1] = gain.isFinite ? samples[i + 1] * gain : 0
            i += 2
        }
    }
}
