import ECS

/// The proportions of the scene in its canvas: where the floor starts and how tall a
/// character is. Shared by the validator (feet must be on the floor) and the simulation.
struct SceneLayout: Sendable, Equatable {
    /// The horizon sits this fraction of the canvas height down from the top.
    static let horizonFraction: Float = 0.45
    /// A character at scale 1 is this fraction of the canvas height tall.
    static let baseHeightFraction: Float = 1.0 / 3.0

    /// Canvas width in pixels.
    let width: Float
    /// Canvas height in pixels.
    let height: Float

    /// The layout of a canvas.
    init(width: Float, height: Float) {
        self.width = width
        self.height = height
    }

    /// The y of the horizon line: the floor is everything below it.
    var horizonY: Float { height * Self.horizonFraction }
    /// A character's height at scale 1.
    var baseHeight: Float { height * Self.baseHeightFraction }

    /// Whether feet at `point` stand on the floor.
    func isOnFloor(_ point: Vec2) -> Bool {
        point.y >= horizonY && point.y <= height && point.x >= 0 && point.x <= width
    }

    /// `point` moved onto the floor and inside the canvas (where a drag may take feet).
    func clampedToFloor(_ point: Vec2) -> Vec2 {
        Vec2(min(max(point.x, 0), width), min(max(point.y, horizonY), height))
    }
}
