import ECS

/// Where an emitter sends its particles from.
public enum EmitterAnchor: Sendable, Equatable {
    /// A fixed point on the canvas, in pixels.
    case point(Vec2)
    /// An entity (a character), plus an offset from where it is, in pixels; the emitter
    /// follows the entity as it moves and stops emitting when it is gone.
    case following(Entity, offset: Vec2)
    /// The whole canvas (snow falling everywhere).
    case canvas
}
