/// A character appearing: she grows in over `AppearAnimation.duration` after a spawn.
struct AppearAnimation: Sendable, Equatable {
    /// Scene time the spawn happened.
    var start: Double
    /// Length of the appear animation, in seconds.
    static let duration = 0.5
}

/// A character vanishing after a two-finger tap; the entity is destroyed when it ends.
struct Vanishing: Sendable, Equatable {
    /// Scene time the vanish started.
    var start: Double
    /// Length of the vanish animation, in seconds.
    static let duration = 0.5
}
