/// One detected clap.
public struct ClapEvent: Equatable, Sendable {
    /// Seconds from the start of the stream to the clap's onset.
    public var time: Double
    /// How far the clap rose above the background just before it, in decibels (in the
    /// 4–10 kHz highs for a clap heard through a voice).
    public var strength: Double

    /// A clap at `time` with `strength` dB.
    public init(time: Double, strength: Double) {
        self.time = time
        self.strength = strength
    }
}
