import ECS

/// A finger is holding the character (drag, pinch or long press): she is highlighted.
struct Held: Sendable, Equatable {
    /// The gesture holding her.
    var gesture: String
    /// Scene time the hold started.
    var since: Double
}

/// A drag in progress: the finger moves from `from` to `to`, the feet follow at the offset
/// they had from the finger when it landed.
struct DragMotion: Sendable, Equatable {
    /// Where the finger landed.
    var from: Vec2
    /// Where the finger lifts.
    var to: Vec2
    /// Scene time the drag started.
    var start: Double
    /// Length of the drag in seconds.
    var duration: Double
    /// Feet position minus finger position at the start.
    var grabOffset: Vec2
}

/// A pinch in progress, from one scale to another (already clamped).
struct PinchMotion: Sendable, Equatable {
    /// Scale when the fingers landed.
    var fromScale: Float
    /// Scale when they lift.
    var toScale: Float
    /// Scene time the pinch started.
    var start: Double
    /// Length of the pinch in seconds.
    var duration: Double
}

/// A long press in progress; the action menu opens when it has lasted `duration`.
struct LongPressHold: Sendable, Equatable {
    /// Scene time the finger landed.
    var start: Double
    /// How long the finger stays.
    var duration: Double
}

/// The little squash a character makes when a finger lets go of her.
struct SettleAnimation: Sendable, Equatable {
    /// Scene time of the release.
    var start: Double
    /// Length of the settle, in seconds.
    static let duration = 0.35
}
