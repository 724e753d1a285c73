/// Seeded white noise (SplitMix64): the same seed always gives the same hiss, so every
/// synthesised sound is the same on every run.
public struct NoiseSource: Sendable {
    private var state: UInt64

    /// A noise stream starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// A uniform sample in [-1, 1).
    @inline(__always)
    public mutating func next() -> Float {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Float(z >> 40) * 0x1.0p-23 - 1
    }
}
