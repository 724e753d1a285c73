/// One detected clap.
public struct ClapEvent: Equatable, Sendable {
    /// Seconds from the start of the stream to the clap's onset.
    public var time: Double
    /// How far the clap's crack (0.5–10 kHz) rose above the room's quiet level, in decibels.
    public var strength: Double

    /// A clap at `time` with `strength` dB.
    public init(time: Double, strength: Double) {
        self.time = time
        self.strength = strength
    }
}
