import ECS

/// How every particle of one emitter moves during one step: a velocity damping factor and
/// a constant acceleration, both already scaled to pixels and to the step length.
public struct ParticleMotion: Sendable, Equatable {
    /// Factor the velocity is multiplied by each step (1 = no drag).
    public var damping: Float
    /// Velocity change per step, in pixels per second.
    public var velocityChange: Vec2

    /// Motion for a step of `deltaTime` seconds with drag `drag` (per second) and
    /// `acceleration` (pixels per second squared).
    public init(deltaTime: Float, drag: Float, acceleration: Vec2) {
        damping = max(0, 1 - drag * deltaTime)
        velocityChange = acceleration * deltaTime
    }
}
