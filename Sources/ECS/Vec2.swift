/// A 2D vector in canvas units (pixels of the scene's canvas, y downwards).
public struct Vec2: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal component.
    public var x: Float
    /// Vertical component (downwards).
    public var y: Float

    /// A vector from its components.
    @inlinable
    public init(_ x: Float, _ y: Float) {
        self.x = x
        self.y = y
    }

    /// The zero vector.
    public static let zero = Vec2(0, 0)

    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Vec2, s: Float) -> Vec2 { Vec2(a.x * s, a.y * s) }
    @inlinable public static func += (a: inout Vec2, b: Vec2) { a = a + b }
    @inlinable public static func -= (a: inout Vec2, b: Vec2) { a = a - b }

    /// Euclidean length.
    @inlinable
    public var length: Float { (x * x + y * y).squareRoot() }

    /// Distance to `other`.
    @inlinable
    public func distance(to other: Vec2) -> Float { (self - other).length }

    /// The point a fraction `t` of the way from `self` to `other`.
    @inlinable
    public func lerp(to other: Vec2, _ t: Float) -> Vec2 { self + (other - self) * t }

    public var description: String { "(\(x), \(y))" }
}
