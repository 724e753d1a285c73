import ECS
import Effects

/// One simulated moment, as the renderer sees it: pure data, no reference to the world.
public struct SceneSnapshot: Sendable {
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// Output frame index.
    public var frame: Int
    /// Simulation time in seconds.
    public var time: Double
    /// The backdrop to draw behind everything.
    public var backdrop: Backdrop
    /// High-contrast palette with strong outlines.
    public var highContrast: Bool
    /// Decorative motion calmed.
    public var reduceMotion: Bool
    /// The y coordinate of the horizon line where the wall meets the floor, in pixels.
    public var horizonY: Float
    /// The characters in draw order, back to front (lower on the canvas = in front).
    public var characters: [CharacterPose]
    /// The live particles in draw order.
    public var particles: [ParticleView]
    /// The app's screen over the scene; nil when the scene has no `hud:` section.
    public var hud: HUDSnapshot?

    /// A snapshot from its parts.
    public init(width: Int, height: Int, frame: Int, time: Double, backdrop: Backdrop,
                highContrast: Bool, reduceMotion: Bool, horizonY: Float,
                characters: [CharacterPose], particles: [ParticleView]) {
        self.width = width
        self.height = height
        self.frame = frame
        self.time = time
        self.backdrop = backdrop
        self.highContrast = highContrast
        self.reduceMotion = reduceMotion
        self.horizonY = horizonY
        self.characters = characters
        self.particles = particles
    }
}
