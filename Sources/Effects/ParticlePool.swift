import ECS

/// One emitter's particles in a dense array, oldest first. Removal compacts in place, so
/// birth order is kept without any sorting and nothing is allocated in a steady state.
public struct ParticlePool: Sendable, Equatable {
    /// The live particles, in birth order.
    public private(set) var particles: [Particle] = []

    /// An empty pool.
    public init() {}

    /// How many particles are alive.
    public var count: Int { particles.count }

    /// Whether no particle is alive.
    public var isEmpty: Bool { particles.isEmpty }

    /// Adds a newborn particle after the others.
    public mutating func append(_ particle: Particle) { particles.append(particle) }

    /// Ages and moves every particle by one step of `deltaTime` seconds and removes those
    /// whose life is over, keeping birth order. `onMark` is called with each surviving
    /// particle whose age crosses `lifetime - markBeforeEnd` during the step (a bubble's
    /// pop), when `markBeforeEnd` is given. Returns how many particles were removed.
    @discardableResult
    public mutating func advance(by deltaTime: Float, motion: ParticleMotion,
                                 markBeforeEnd: Float? = nil,
                                 onMark: (Particle) -> Void = { _ in }) -> Int {
        let total = particles.count
        if total == 0 { return 0 }
        let damping = motion.damping, change = motion.velocityChange
        let kept = particles.withUnsafeMutableBufferPointer { buffer -> Int in
            var write = 0
            for read in 0..<total {
                var particle = buffer[read]
                let ageBefore = particle.age
                particle.age = ageBefore + deltaTime
                if particle.age >= particle.lifetime { continue }
                particle.velocity.x = particle.velocity.x * damping + change.x
                particle.velocity.y = particle.velocity.y * damping + change.y
                particle.position.x += particle.velocity.x * deltaTime
                particle.position.y += particle.velocity.y * deltaTime
                particle.rotation += particle.spin * deltaTime
                if let mark = markBeforeEnd {
                    let at = particle.lifetime - mark
                    if ageBefore < at && particle.age >= at { onMark(particle) }
                }
                buffer[write] = particle
                write &+= 1
            }
            return write
        }
        if kept < total { particles.removeLast(total - kept) }
        return total - kept
    }

    /// Drops every particle.
    public mutating func removeAll() { particles.removeAll(keepingCapacity: true) }
}
