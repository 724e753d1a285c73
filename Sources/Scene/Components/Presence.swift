/// A character appearing: she grows in over `AppearAnimation.duration` after a spawn.
public struct AppearAnimation: Sendable, Equatable {
    /// Scene time the spawn happened.
    public var start: Double
    /// Length of the appear animation, in seconds.
    public static let duration = 0.5
}

/// A character vanishing after a two-finger tap; the entity is destroyed when it ends.
public struct Vanishing: Sendable, Equatable {
    /// Scene time the vanish started.
    public var start: Double
    /// Length of the vanish animation, in seconds.
    public static let duration = 0.5
}
