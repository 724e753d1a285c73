import ECS
import Vocabulary

/// One live particle as a renderer sees it: where, how big, what colour, how far through
/// its life. Copied out of the simulation, so drawing never touches the world.
public struct ParticleView: Sendable, Equatable {
    /// What kind of effect the particle belongs to (a burst's particles are stars).
    public var kind: EffectKind
    /// How it looks: the style of its kind.
    public var style: ParticleStyle
    /// Centre, in canvas pixels.
    public var position: Vec2
    /// Radius (bubbles, flakes) or outer star radius (sparkles, bursts), in pixels.
    public var size: Float
    /// Colour, with the particle's current opacity in `alpha` (twinkle and fade applied).
    public var color: RGBColor
    /// Rotation in radians (stars, flakes).
    public var rotation: Float
    /// Age divided by lifetime, 0…1.
    public var lifeFraction: Float
    /// For bubbles: 0 while whole, then 0…1 through the pop ring at the end of life.
    public var pop: Float

    /// A particle view from its parts.
    public init(kind: EffectKind, style: ParticleStyle, position: Vec2, size: Float, color: RGBColor,
                rotation: Float, lifeFraction: Float, pop: Float = 0) {
        self.kind = kind
        self.style = style
        self.position = position
        self.size = size
        self.color = color
        self.rotation = rotation
        self.lifeFraction = lifeFraction
        self.pop = pop
    }
}
