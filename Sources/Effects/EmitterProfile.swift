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

    /// A profile from its parts.
    public init(ratePerSecond: Double, burstCount: Int, emitterLifetime: Double, particleLifetime: ClosedRange<Float>,
                speed: ClosedRange<Float>, size: ClosedRange<Float>, spin: Float, drag: Float, gravity: Float, spread: Float,
                swayAmplitude: Float, swayFrequency: Float, twinkle: Float) {
        self.ratePerSecond = ratePerSecond
        self.burstCount = burstCount
        self.emitterLifetime = emitterLifetime
        self.particleLifetime = particleLifetime
        self.speed = speed
        self.size = size
        self.spin = spin
        self.drag = drag
        self.gravity = gravity
        self.spread = spread
        self.swayAmplitude = swayAmplitude
        self.swayFrequency = swayFrequency
        self.twinkle = twinkle
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

    /// The profile in effect for `definition` under `configuration` and `anchor`.
    public static func current(for definition: EffectDefinition, anchor: EmitterAnchor,
                               configuration: EffectsConfiguration) -> EmitterProfile {
        let standard = anchor == .canvas ? definition.canvasProfile : definition.profile
        return configuration.reduceMotion ? standard.calmed() : standard
    }
}
