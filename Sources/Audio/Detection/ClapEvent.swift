/// One detected clap.
public struct ClapEvent: Equatable, Sendable {
    /// Seconds from the start of the stream to the clap's onset.
    public var time: Double
    /// How far the clap's crack (0.5–10 kHz) rose above the room's quiet level, in decibels.
    public var strength: Double
    /// Whether it is a group applauding (`GroupApplause`), not one clap standing out: then
    /// `time` is when that was decided, `strength` how far the roar lies over the room.
    public var group: Bool

    /// A clap at `time` with `strength` dB (of a group applauding when `group`).
    public init(time: Double, strength: Double, group: Bool = false) {
        self.time = time
        self.strength = strength
        self.group = group
    }
}
