import ECS

/// A finger is holding the character (drag, pinch or long press): she is highlighted.
public struct Held: Sendable, Equatable {
    /// The gesture holding her.
    public var gesture: String
    /// Scene time the hold started.
    public var since: Double
}

/// A drag in progress: the finger moves from `from` to `to`, the feet follow at the offset
/// they had from the finger when it landed.
public struct DragMotion: Sendable, Equatable {
    /// Where the finger landed.
    public var from: Vec2
    /// Where the finger lifts.
    public var to: Vec2
    /// Scene time the drag started.
    public var start: Double
    /// Length of the drag in seconds.
    public var duration: Double
    /// Feet position minus finger position at the start.
    public var grabOffset: Vec2
}

/// A pinch in progress, from one scale to another (already clamped).
public struct PinchMotion: Sendable, Equatable {
    /// Scale when the fingers landed.
    public var fromScale: Float
    /// Scale when they lift.
    public var toScale: Float
    /// Scene time the pinch started.
    public var start: Double
    /// Length of the pinch in seconds.
    public var duration: Double
}

/// A long press in progress; the action menu opens when it has lasted `duration`.
public struct LongPressHold: Sendable, Equatable {
    /// Scene time the finger landed.
    public var start: Double
    /// How long the finger stays.
    public var duration: Double
}

/// The little squash a character makes when a finger lets go of her.
public struct SettleAnimation: Sendable, Equatable {
    /// Scene time of the release.
    public var start: Double
    /// Length of the settle, in seconds.
    public static let duration = 0.35
}
