import ECS

/// Where a caption stands on the screen.
public enum CaptionPlace: Sendable, Equatable {
    /// Centred near the top of the scene.
    case top
    /// Centred in the middle.
    case middle
    /// Centred near the bottom (above the picker when it shows).
    case bottom
    /// Centred on a point in the scene's canvas pixels.
    case point(Vec2)
}

/// A caption or prompt ("Clap your hands!") shown for a while.
public struct Caption: Sendable, Equatable {
    /// The words (any script; the default strings are English).
    public var text: String
    /// How long it shows, in seconds (it fades in and out inside this time).
    public var duration: Double
    /// Where it shows.
    public var place: CaptionPlace

    /// A caption from its parts.
    public init(text: String, duration: Double = 2.5, place: CaptionPlace = .top) {
        self.text = text
        self.duration = duration
        self.place = place
    }
}
