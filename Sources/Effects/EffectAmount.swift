/// How many particles an effect makes and how fast they travel, as multiples of its kind's
/// own numbers (`effect: {kind: snow, density: 2, fall_speed: 0.5}` in a scene).
public struct EffectAmount: Sendable, Equatable {
    /// Multiplier of the particles it emits (rate and burst).
    public var density: Float
    /// Multiplier of its particles' speed (snow: how fast the flakes fall).
    public var speed: Float

    /// An amount from its parts.
    public init(density: Float = 1, speed: Float = 1) {
        self.density = density
        self.speed = speed
    }

    /// The kind's own numbers.
    public static let standard = EffectAmount()
    /// The multipliers a scene may give: a tenth to five times the kind's own.
    public static let range: ClosedRange<Double> = 0.1...5
}
