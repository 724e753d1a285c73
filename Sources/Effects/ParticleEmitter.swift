import ECS

/// The component of an emitter entity: what it emits, where from, its own random stream,
/// how far through its life it is, and its particles.
public struct ParticleEmitter: Sendable, Equatable {
    /// Order of creation among the world's emitters (0 for the first): it names the
    /// emitter's random sub-stream and orders emitters wherever order matters.
    public let serial: UInt64
    /// What was asked for.
    public let request: EffectRequest
    /// The emitter's own random numbers, derived from the seed and `serial` alone.
    public var random: SeededRandom
    /// Steps this emitter has run.
    public var stepsRun: Int = 0
    /// Seconds it has run (its steps times the step), for the fade before its end.
    public var elapsed: Double = 0
    /// Fraction of a particle owed by the continuous rate, carried to the next step.
    public var emissionDebt: Double = 0
    /// Particles it has emitted.
    public var emitted: Int = 0
    /// Particles it could not emit because of the scene-wide cap.
    public var dropped: Int = 0
    /// False once its lifetime is over or its anchor is gone; it never restarts.
    public var isEmitting: Bool = true
    /// Its live particles.
    public var pool = ParticlePool()

    /// A new emitter for `request`, numbered `serial`, drawing from `random`.
    public init(serial: UInt64, request: EffectRequest, random: SeededRandom) {
        self.serial = serial
        self.request = request
        self.random = random
    }

    /// The emitter's kind.
    @inlinable
    public var kind: EffectKind { request.kind }

    /// How opaque its particles are now: 1, or less in the fade before its end.
    public var endOpacity: Float { request.end?.opacity(at: elapsed) ?? 1 }

    /// Whether it has stopped emitting and its last particle is gone, so it can be removed.
    public var isFinished: Bool { !isEmitting && pool.isEmpty }
}
