/// The settings every effect reads, kept as a world resource so that a settings change at
/// run time (reduce motion) takes effect from the next step.
public struct EffectsConfiguration: Sendable, Equatable {
    /// The scene's seed; every emitter's random sub-stream derives from it.
    public var seed: UInt64
    /// Canvas width in pixels.
    public var canvasWidth: Float
    /// Canvas height in pixels.
    public var canvasHeight: Float
    /// The y coordinate of the floor in pixels: snow across the canvas settles below it.
    public var floorY: Float
    /// The most particles alive at once, scene-wide; spawns beyond it are dropped.
    public var particleCap: Int
    /// Decorative particles fewer and slower.
    public var reduceMotion: Bool
    /// The kinds of effect that can start, by name: the built-in ones and the game's own.
    public private(set) var definitions: [EffectKind: EffectDefinition]

    /// A configuration from its parts.
    public init(seed: UInt64, canvasWidth: Float, canvasHeight: Float, floorY: Float,
                particleCap: Int = 10_000, reduceMotion: Bool = false) {
        self.seed = seed
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.floorY = floorY
        self.particleCap = particleCap
        self.reduceMotion = reduceMotion
        definitions = Dictionary(uniqueKeysWithValues: EffectDefinition.builtIn.map { ($0.kind, $0) })
    }

    /// Adds a game's own kind of effect (or replaces the definition of one with its name).
    public mutating func register(_ definition: EffectDefinition) {
        definitions[definition.kind] = definition
    }

    /// Pixels per design unit. Sizes and speeds are designed for a canvas whose shorter
    /// side is 1,000 units, so a 320×180 canvas and a 3840×2160 one look alike.
    public var unit: Float { max(min(canvasWidth, canvasHeight), 1) / 1000 }
}
