import ECS

/// Where a character stands and how big she is.
struct Placement: Sendable, Equatable {
    /// Her feet on the floor, in the scene's canvas pixels.
    var position: Vec2
    /// Pinch scale, kept within `Placement.scaleRange`.
    var scale: Float

    /// The scales a pinch may reach.
    static let scaleRange: ClosedRange<Float> = 0.5...2.0
}
