import ECS
import Vocabulary

/// One particle's simulated state. Its look at a moment (twinkle, sway, wobble, fade) is
/// derived from this state when a view is made, so the per-step update stays a few
/// multiply-adds.
public struct Particle: Sendable, Equatable {
    /// Centre of its path, in pixels (sway and wobble are added in the view).
    public var position: Vec2
    /// Pixels per second.
    public var velocity: Vec2
    /// Seconds since birth.
    public var age: Float
    /// Seconds it lives.
    public var lifetime: Float
    /// Radius at birth, in pixels.
    public var size: Float
    /// Radians.
    public var rotation: Float
    /// Radians per second.
    public var spin: Float
    /// Starting phase of its twinkle, sway or wobble, in radians.
    public var phase: Float
    /// Colour at full opacity times its base opacity.
    public var color: RGBColor

    /// A particle from its parts, aged 0.
    public init(position: Vec2, velocity: Vec2, lifetime: Float, size: Float,
                rotation: Float, spin: Float, phase: Float, color: RGBColor) {
        self.position = position
        self.velocity = velocity
        self.age = 0
        self.lifetime = lifetime
        self.size = size
        self.rotation = rotation
        self.spin = spin
        self.phase = phase
        self.color = color
    }

    /// Age divided by lifetime, 0…1.
    @inlinable
    public var lifeFraction: Float { lifetime > 0 ? min(age / lifetime, 1) : 1 }
}
