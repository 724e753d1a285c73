/// A rectangle on the canvas, in pixels: where a widget is laid out. Widgets draw inside it
/// (a speech bubble's tail and a card's shadow may reach outside).
public struct LayoutRect: Sendable, Equatable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width (negative or NaN counts as empty).
    public var width: Double
    /// The height (negative or NaN counts as empty).
    public var height: Double

    /// A rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The centre, across.
    public var midX: Double { x + width / 2 }
    /// The centre, down.
    public var midY: Double { y + height / 2 }

    /// Whether there is nothing to draw in: no area, or a size that is not a finite number.
    public var isEmpty: Bool {
        !(width > 0 && height > 0 && width.isFinite && height.isFinite && x.isFinite && y.isFinite)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom.
    public func insetBy(_ dx: Double, _ dy: Double) -> LayoutRect {
        LayoutRect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// Whether the point lies inside (edges included).
    public func contains(_ px: Double, _ py: Double) -> Bool { px >= x && px <= maxX && py >= y && py <= maxY }
}
