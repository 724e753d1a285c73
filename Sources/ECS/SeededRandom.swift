/// A small, fast, seeded generator (SplitMix64) with named sub-streams. A sub-stream is
/// derived from the seed and its name alone, never from how many numbers another stream
/// has drawn, so adding a particle somewhere does not change every random number after it.
public struct SeededRandom: RandomNumberGenerator, Sendable, Equatable {
    /// The seed this stream was made from.
    public let seed: UInt64
    private var state: UInt64

    /// A stream starting from `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        self.state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SeededRandom.mix(state)
    }

    /// The stream named `name` under this one's seed: the same name always gives the same stream.
    public func stream(_ name: String) -> SeededRandom {
        SeededRandom(seed: SeededRandom.mix(seed ^ SeededRandom.fnv1a(name)))
    }

    /// The stream numbered `number` under this one's seed.
    public func stream(_ number: UInt64) -> SeededRandom {
        SeededRandom(seed: SeededRandom.mix(seed ^ SeededRandom.mix(number &+ 0x632B_E59B_D9B4_E019)))
    }

    /// A uniform value in [0, 1), with 53 random bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform value in [0, 1), with 24 random bits.
    public mutating func nextUnitFloat() -> Float {
        Float(next() >> 40) * 0x1.0p-24
    }

    /// A uniform value in `range`.
    public mutating func next(in range: ClosedRange<Float>) -> Float {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnitFloat()
    }

    /// A uniform value in `range`.
    public mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// A uniform integer in `0..<bound` (bound > 0), by a multiply-high, without modulo bias
    /// worth noticing at the sizes used here.
    public mutating func nextInt(below bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool { nextUnit() < probability }

    /// The SplitMix64 finaliser: a strong 64-bit mix.
    @inlinable
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// FNV-1a over the UTF-8 bytes of `text`: a stable hash, unlike `Hasher`, which is
    /// seeded differently in every process.
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
