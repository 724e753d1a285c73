import ECS

/// Where a character stands and how big she is.
public struct Placement: Sendable, Equatable {
    /// Her feet on the floor, in the scene's canvas pixels.
    public var position: Vec2
    /// Pinch scale, kept within `Placement.scaleRange`.
    public var scale: Float

    /// The scales a pinch may reach.
    public static let scaleRange: ClosedRange<Float> = 0.5...2.0
}
