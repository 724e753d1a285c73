import Vocabulary

/// Every effect synthesised once at one sample rate and normalised, ready for the mixer.
public struct SoundBank: Sendable {
    /// The sample rate of every clip, in Hz.
    public let sampleRate: Int
    private let clips: [[Float]]

    /// The peak every clip is scaled to: loud enough to hear, with headroom for a few at once.
    public static let clipPeak: Float = 0.5

    /// Synthesises all effects at `sampleRate`.
    public init(sampleRate: Int = 48_000) {
        self.sampleRate = sampleRate
        clips = SoundEffect.allCases.map { effect in
            var samples = effect.synthesize(sampleRate: Double(sampleRate))
            let peak = samples.reduce(0) { max($0, abs($1)) }
            if peak > 0 {
                let scale = SoundBank.clipPeak / peak
                for i in samples.indices { samples[i] *= scale }
            }
            return samples
        }
    }

    /// The mono samples of `effect`.
    public func clip(_ effect: SoundEffect) -> [Float] {
        clips[SoundBank.index[effect]!]
    }

    /// The bank at 48 kHz, made once on first use.
    public static let standard = SoundBank()

    private static let index: [SoundEffect: Int] = Dictionary(
        uniqueKeysWithValues: SoundEffect.allCases.enumerated().map { ($1, $0) })
}
