import Vocabulary

/// The name of a kind of effect a scene can start (`sparkles`, `snow`, or a game's own).
/// Open: a game registers its kinds with an `EffectDefinition`; the four below are built in.
public struct EffectKind: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible {
    /// The name, as scene files and the trace write it.
    public let rawValue: String

    /// The kind named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The kind named `value`.
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    /// Four-pointed stars that burst outward, twinkle and fade.
    public static let sparkles: EffectKind = "sparkles"
    /// Flakes that fall slowly, sway and spin.
    public static let snow: EffectKind = "snow"
    /// Translucent circles that rise with a wobble and pop.
    public static let bubbles: EffectKind = "bubbles"
    /// The short ring of sparkles when a character appears or vanishes.
    public static let burst: EffectKind = "burst"
}

/// How the particles of a kind are born, move, look and are drawn: the behaviours the effects
/// kit knows. A game's own kind picks one and tunes it with its profile.
public enum ParticleStyle: String, Sendable, Equatable, CaseIterable {
    /// Stars shot outward from a disc around the anchor, twinkling.
    case star
    /// Stars shot evenly round a ring, shrinking as they go.
    case ringStar
    /// Flakes falling with a sway, melting into the floor.
    case flake
    /// Bubbles rising with a wobble, growing, ending in a pop ring.
    case bubble
}

/// A kind of effect as a game registers it: its name, its particles' style, and its numbers
/// (near an anchor, and across the whole canvas).
public struct EffectDefinition: Sendable, Equatable {
    /// The kind it defines.
    public var kind: EffectKind
    /// How its particles behave and look.
    public var style: ParticleStyle
    /// Its numbers around a point or a character.
    public var profile: EmitterProfile
    /// Its numbers across the whole canvas (denser snow, say).
    public var canvasProfile: EmitterProfile
    /// The sound of a particle's end (a bubble's pop), sent as an `EffectSoundCue`; nil for none.
    public var endSound: SoundName?

    /// A definition from its parts; `canvasProfile` defaults to `profile`.
    public init(kind: EffectKind, style: ParticleStyle, profile: EmitterProfile, canvasProfile: EmitterProfile? = nil,
                endSound: SoundName? = nil) {
        self.kind = kind
        self.style = style
        self.profile = profile
        self.canvasProfile = canvasProfile ?? profile
        self.endSound = endSound
    }

    /// The kinds built in: sparkles, snow, bubbles and the burst, in that order.
    public static let builtIn: [EffectDefinition] = [
        EffectDefinition(kind: .sparkles, style: .star, profile: EmitterProfile(
            ratePerSecond: 30, burstCount: 20, emitterLifetime: 2,
            particleLifetime: 0.7...1.3, speed: 80...260, size: 8...18, spin: 3,
            drag: 2, gravity: 60, spread: 40, swayAmplitude: 0, swayFrequency: 14, twinkle: 0.45)),
        EffectDefinition(kind: .snow, style: .flake, profile: snow(rate: 14, burst: 4), canvasProfile: snow(rate: 40, burst: 0)),
        EffectDefinition(kind: .bubbles, style: .bubble, profile: EmitterProfile(
            ratePerSecond: 5, burstCount: 3, emitterLifetime: 4,
            particleLifetime: 1.8...2.8, speed: 60...110, size: 14...26, spin: 0,
            drag: 0, gravity: 0, spread: 50, swayAmplitude: 10, swayFrequency: 3.5, twinkle: 0), endSound: "bubble_pop"),
        EffectDefinition(kind: .burst, style: .ringStar, profile: EmitterProfile(
            ratePerSecond: 0, burstCount: 16, emitterLifetime: 0,
            particleLifetime: 0.45...0.6, speed: 380...400, size: 10...14, spin: 4,
            drag: 3, gravity: 0, spread: 10, swayAmplitude: 0, swayFrequency: 18, twinkle: 0.25)),
    ]

    /// The built-in definition of `kind`; nil for a kind that is not built in.
    public static func standard(_ kind: EffectKind) -> EffectDefinition? { builtIn.first { $0.kind == kind } }

    private static func snow(rate: Double, burst: Int) -> EmitterProfile {
        EmitterProfile(ratePerSecond: rate, burstCount: burst, emitterLifetime: 6, particleLifetime: 0.5...40, speed: 50...90,
                       size: 4...9, spin: 1.5, drag: 0, gravity: 0, spread: 140, swayAmplitude: 14, swayFrequency: 1.6, twinkle: 0)
    }
}
