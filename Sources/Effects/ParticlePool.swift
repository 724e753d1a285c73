import ECS

/// One emitter's particles in a dense array, oldest first. Removal compacts in place, so
/// birth order is kept without any sorting and nothing is allocated in a steady state.
public struct ParticlePool: Sendable, Equatable {
    /// The live particles, in birth order (kept internal so the pool alone decides order).
    @usableFromInline var storage: [Particle] = []

    /// The live particles, in birth order.
    @inlinable
    public var particles: [Particle] { storage }

    /// An empty pool.
    public init() {}

    /// How many particles are alive.
    @inlinable
    public var count: Int { storage.count }

    /// Whether no particle is alive.
    @inlinable
    public var isEmpty: Bool { storage.isEmpty }

    /// Adds a newborn particle after the others.
    @inlinable
    public mutating func append(_ particle: Particle) { storage.append(particle) }

    /// Ages and moves every particle by one step of `deltaTime` seconds and removes those
    /// whose life is over, keeping birth order. Returns how many particles were removed.
    @inlinable @discardableResult
    public mutating func advance(by deltaTime: Float, motion: ParticleMotion) -> Int {
        advance(by: deltaTime, motion: motion, marking: false, beforeEnd: 0) { _ in }
    }

    /// The same, also calling `onMark` with each surviving particle whose age crosses
    /// `lifetime - markBeforeEnd` during the step (a bubble starting to pop).
    @inlinable @discardableResult
    public mutating func advance(by deltaTime: Float, motion: ParticleMotion, markBeforeEnd: Float,
                                 onMark: (Particle) -> Void) -> Int {
        advance(by: deltaTime, motion: motion, marking: true, beforeEnd: markBeforeEnd, onMark: onMark)
    }

    @inlinable @inline(__always)
    mutating func advance(by deltaTime: Float, motion: ParticleMotion, marking: Bool, beforeEnd: Float,
                          onMark: (Particle) -> Void) -> Int {
        let total = storage.count
        if total == 0 { return 0 }
        let damping = motion.damping, change = motion.velocityChange
        let kept = storage.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var write = 0
            for read in 0..<total {
                var particle = base[read]
                let ageBefore = particle.age
                particle.age = ageBefore + deltaTime
                if particle.age >= particle.lifetime { continue }
                particle.velocity.x = particle.velocity.x * damping + change.x
                particle.velocity.y = particle.velocity.y * damping + change.y
                particle.position.x += particle.velocity.x * deltaTime
                particle.position.y += particle.velocity.y * deltaTime
                particle.rotation += particle.spin * deltaTime
                if marking {
                    let at = particle.lifetime - beforeEnd
                    if ageBefore < at && particle.age >= at { onMark(particle) }
                }
                base[write] = particle
                write &+= 1
            }
            return write
        }
        if kept < total { storage.removeLast(total - kept) }
        return total - kept
    }

    /// Drops every particle.
    public mutating func removeAll() { storage.removeAll(keepingCapacity: true) }
}
