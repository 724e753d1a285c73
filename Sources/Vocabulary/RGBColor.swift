/// A straight (not premultiplied) colour with components in 0…1.
public struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…1.
    public var red: Float
    /// Green, 0…1.
    public var green: Float
    /// Blue, 0…1.
    public var blue: Float
    /// Opacity, 0…1.
    public var alpha: Float

    /// A colour from its components.
    public init(_ red: Float, _ green: Float, _ blue: Float, alpha: Float = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque white.
    public static let white = RGBColor(1, 1, 1)

    /// The colour a fraction `t` of the way to `other`.
    public func mixed(with other: RGBColor, _ t: Float) -> RGBColor {
        RGBColor(red + (other.red - red) * t, green + (other.green - green) * t,
                 blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// The same colour with opacity `alpha`.
    public func withAlpha(_ alpha: Float) -> RGBColor { RGBColor(red, green, blue, alpha: alpha) }

    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}
