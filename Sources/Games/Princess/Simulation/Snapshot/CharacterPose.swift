import ECS

/// Everything a renderer needs to draw one character at one moment. Pure data: the scene's
/// systems compute it, the renderer only reads it.
public struct CharacterPose: Sendable, Equatable {
    /// The character's id from the scene file (or made at a tap-spawn).
    public var id: String
    /// Which character she is.
    public var kind: CharacterKind
    /// Where her feet touch the floor, in canvas pixels.
    public var position: Vec2
    /// Pinch scale, 0.5…2.0 (1 = the default size).
    public var scale: Float
    /// Her full height at scale 1, in canvas pixels (depends on the canvas size).
    public var baseHeight: Float
    /// Raise of the waving (right) arm in radians: 0 hangs down, π/2 points sideways, π up.
    public var waveArmAngle: Float
    /// Raise of the other (left) arm in radians, same convention.
    public var otherArmAngle: Float
    /// Sideways lean of the body in radians (dance sway, idle breathing); positive leans right.
    public var sway: Float
    /// Twirl angle in radians, 0…2π: the renderer turns the dress and flips her as she spins.
    public var spin: Float
    /// Height of her feet above the floor, in pixels at scale 1 (jump).
    public var lift: Float
    /// Vertical squash and stretch: 1 = none, below 1 squashed, above 1 stretched
    /// (the renderer keeps the area, widening as she squashes).
    public var stretch: Float
    /// Magic glow around her, 0…1 (sparkle action, highlight).
    public var glow: Float
    /// Appear animation, 0…1: 1 when fully present.
    public var appear: Float
    /// Vanish animation, 0…1: 0 when not vanishing, 1 when gone.
    public var vanish: Float
    /// Eyelid closure, 0 open … 1 closed.
    public var blink: Float
    /// How wide the smile is, 0…1 (an expression or an action makes it wider).
    public var smile: Float
    /// Whether a finger is holding her (drag or long press).
    public var highlighted: Bool
    /// The action or move running, if any.
    public var action: ActionName?
    /// Progress of `action`, 0…1 (of its round, for a looping move).
    public var actionProgress: Float

    /// A pose standing still, fully present, eyes open.
    public init(id: String, kind: CharacterKind, position: Vec2, scale: Float = 1, baseHeight: Float = 160) {
        self.id = id
        self.kind = kind
        self.position = position
        self.scale = scale
        self.baseHeight = baseHeight
        waveArmAngle = 0.25
        otherArmAngle = 0.25
        sway = 0
        spin = 0
        lift = 0
        stretch = 1
        glow = 0
        appear = 1
        vanish = 0
        blink = 0
        smile = 0.5
        highlighted = false
        action = nil
        actionProgress = 0
    }
}
