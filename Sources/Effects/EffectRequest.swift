import Vocabulary

/// What a scene asks for when it starts an effect: which kind, where, in what colour,
/// for how long and how strongly.
public struct EffectRequest: Sendable, Equatable {
    /// The kind of effect.
    public var kind: EffectKind
    /// Where its particles come from.
    public var anchor: EmitterAnchor
    /// The theme colour the particles are drawn from (a character's colour, usually).
    public var tint: RGBColor
    /// How long the emitter emits, in seconds; nil = the kind's default emitter lifetime.
    public var duration: Double?
    /// Multiplier of the emission rate and burst size; 1 = normal.
    public var intensity: Float
    /// Multiplier of its particles' speed; 1 = normal.
    public var speed: Float
    /// When the effect is over, particles and all (with the fade before it); nil = when its
    /// last particle dies of age.
    public var end: EffectEnd?

    /// A request from its parts.
    public init(kind: EffectKind, anchor: EmitterAnchor, tint: RGBColor,
                duration: Double? = nil, intensity: Float = 1, speed: Float = 1, end: EffectEnd? = nil) {
        self.kind = kind
        self.anchor = anchor
        self.tint = tint
        self.duration = duration
        self.intensity = intensity
        self.speed = speed
        self.end = end
    }
}
