/// When an effect is over for good: `visible` seconds after it starts no particle of it is
/// left, and over the last `fade` seconds of that time its particles fade out together.
/// Without one, an emitter stops emitting and its last particles live out their own lives.
public struct EffectEnd: Sendable, Equatable, Hashable {
    /// Seconds from the start to the moment its last particle is gone.
    public var visible: Double
    /// Seconds before that moment over which every particle fades to nothing; 0 = a cut.
    public var fade: Double

    /// An end from its parts.
    public init(visible: Double, fade: Double = 0) {
        self.visible = visible
        self.fade = fade
    }

    /// How opaque the effect's particles are `elapsed` seconds after the start: 1 before the
    /// fade, falling linearly to 0 at `visible`.
    public func opacity(at elapsed: Double) -> Float {
        guard fade > 0 else { return elapsed < visible ? 1 : 0 }
        return Float(min(1, max(0, (visible - elapsed) / fade)))
    }
}

/// Sent in the step in which an effect with an `EffectEnd` reaches it and its last particles go.
public struct EffectEnded: Sendable, Equatable {
    /// The kind of effect.
    public var kind: EffectKind
    /// Where its particles came from.
    public var anchor: EmitterAnchor
    /// Simulation time, in seconds.
    public var time: Double

    /// An event from its parts.
    public init(kind: EffectKind, anchor: EmitterAnchor, time: Double) {
        self.kind = kind
        self.anchor = anchor
        self.time = time
    }
}
