import CVBus

/// An input that reaches a running game from outside its scene file: a clap heard by a
/// microphone, a finger on the kiosk's screen, a camera's detection. The game decides what
/// it means; the engine only delivers it at the next step.
public enum LiveInput: Sendable, Equatable {
    /// A clap was heard.
    case clap
    /// A finger touched, moved on or left the screen.
    case touch(TouchPoint)
    /// A camera event the game subscribes to (a live stream's; recorded ones go by `RunOptions`).
    case cv(CVEvent)
}

extension LiveInput {
    /// Whether this input is a child taking over from the scene's script: a finger put down on
    /// the screen. From then on a game plays no more scripted steps, so the script never acts
    /// against the child (the kiosk's built-in scene plays by itself until someone touches it).
    public var takesOverFromScript: Bool {
        if case .touch(let touch) = self { return touch.phase == .began }
        return false
    }
}

/// One finger's event on the screen, in normalised coordinates.
public struct TouchPoint: Sendable, Equatable {
    /// What the finger did.
    public enum Phase: String, Sendable, Equatable {
        case began, moved, ended
    }

    /// What the finger did.
    public var phase: Phase
    /// Across the screen, 0 (left) to 1 (right).
    public var x: Double
    /// Down the screen, 0 (top) to 1 (bottom).
    public var y: Double
    /// Seconds on the run's clock when it happened.
    public var time: Double

    /// A touch from its parts.
    public init(phase: Phase, x: Double, y: Double, time: Double) {
        self.phase = phase
        self.x = x
        self.y = y
        self.time = time
    }
}
