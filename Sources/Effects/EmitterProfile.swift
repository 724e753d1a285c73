/// The numbers that make one kind of effect look the way it does, in design units (a
/// canvas's shorter side is 1,000 units; `EffectsConfiguration.unit` turns them into pixels).
public struct EmitterProfile: Sendable, Equatable {
    /// Particles per second while the emitter emits, at intensity 1.
    public var ratePerSecond: Double
    /// Particles emitted at once when the emitter starts, at intensity 1.
    public var burstCount: Int
    /// Seconds the emitter emits when the request gives no duration.
    public var emitterLifetime: Double
    /// Seconds a particle lives (snow: bounds on the time a flake takes to reach the ground).
    public var particleLifetime: ClosedRange<Float>
    /// Speed at birth, units per second.
    public var speed: ClosedRange<Float>
    /// Radius at birth, units.
    public var size: ClosedRange<Float>
    /// Largest spin, radians per second, either way.
    public var spin: Float
    /// Fraction of the velocity lost per second.
    public var drag: Float
    /// Downward acceleration, units per second squared (negative rises).
    public var gravity: Float
    /// Radius of the region around the anchor where particles are born, units.
    public var spread: Float
    /// Sideways sway (snow) or wobble (bubbles) amplitude, units.
    public var swayAmplitude: Float
    /// Sway, wobble or twinkle frequency, radians per second.
    public var swayFrequency: Float
    /// How much a sparkle's size and alpha pulse, 0…1.
    public var twinkle: Float

    /// Seconds at the end of a bubble's life spent as the pop ring.
    public static let popDuration: Float = 0.15

    /// The profile of `kind` at normal motion; snow across the whole canvas is denser than
    /// snow around one character.
    public static func standard(for kind: EffectKind, acrossCanvas: Bool = false) -> EmitterProfile {
        switch kind {
        case .sparkles:
            return EmitterProfile(
                ratePerSecond: 30, burstCount: 20, emitterLifetime: 2,
                particleLifetime: 0.7...1.3, speed: 80...260, size: 10...22, spin: 3,
                drag: 2, gravity: 60, spread: 40, swayAmplitude: 0, swayFrequency: 14, twinkle: 0.45)
        case .burst:
            return EmitterProfile(
                ratePerSecond: 0, burstCount: 16, emitterLifetime: 0,
                particleLifetime: 0.45...0.6, speed: 290...310, size: 12...16, spin: 4,
                drag: 3, gravity: 0, spread: 10, swayAmplitude: 0, swayFrequency: 18, twinkle: 0.25)
        case .snow:
            return EmitterProfile(
                ratePerSecond: acrossCanvas ? 40 : 14, burstCount: acrossCanvas ? 0 : 4,
                emitterLifetime: 6, particleLifetime: 0.5...40, speed: 50...90, size: 4...9,
                spin: 1.5, drag: 0, gravity: 0, spread: 140, swayAmplitude: 14,
                swayFrequency: 1.6, twinkle: 0)
        case .bubbles:
            return EmitterProfile(
                ratePerSecond: 5, burstCount: 3, emitterLifetime: 4,
                particleLifetime: 1.8...2.8, speed: 60...110, size: 14...26, spin: 0,
                drag: 0, gravity: 0, spread: 50, swayAmplitude: 10, swayFrequency: 3.5, twinkle: 0)
        }
    }

    /// The same profile with reduce motion on: fewer particles (40 %, but a burst keeps at
    /// least one), moving at half speed, with little spin, sway or twinkle.
    public func calmed() -> EmitterProfile {
        var calm = self
        calm.ratePerSecond = ratePerSecond * 0.4
        calm.burstCount = burstCount == 0 ? 0 : max(1, Int((Double(burstCount) * 0.4).rounded()))
        calm.speed = (speed.lowerBound * 0.5)...(speed.upperBound * 0.5)
        calm.spin = spin * 0.3
        calm.gravity = gravity * 0.25
        calm.swayAmplitude = swayAmplitude * 0.3
        calm.twinkle = twinkle * 0.3
        return calm
    }

    /// The profile in effect for `kind` under `configuration` and `anchor`.
    public static func current(for kind: EffectKind, anchor: EmitterAnchor,
                               configuration: EffectsConfiguration) -> EmitterProfile {
        let standard = standard(for: kind, acrossCanvas: anchor == .canvas)
        return configuration.reduceMotion ? standard.calmed() : standard
    }
}
