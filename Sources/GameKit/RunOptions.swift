import CVBus
import SavedState

/// How a run of a scene is made, beyond the scene itself: the output's size and rate, a
/// seed for a fresh pass of the kiosk's attract loop, the one peer of a shared session to show.
public struct RunOptions: Sendable, Equatable {
    /// Output width in pixels (default: the scene's canvas, whose coordinates are then scaled).
    public var width: Int?
    /// Output height in pixels.
    public var height: Int?
    /// Output frames per second (default: the scene's).
    public var framesPerSecond: Int?
    /// A seed instead of the scene's (the kiosk's fresh seed each loop).
    public var seed: UInt64?
    /// In a game with shared sessions, the one peer whose view is drawn and whose sound is heard.
    public var peer: String?
    /// A kiosk's live run: one device, played by whoever stands in front of it.
    public var live: Bool
    /// Seconds the run lasts instead of the scene's (its timeline is kept; benchmarks of length).
    public var duration: Double?
    /// A recorded detection log (`--cv-events`) whose events the run's game receives, as it subscribes.
    public var cvRecording: CVRecording?
    /// The CV mock mode (`--cv-mock`): a detection every 2 s at the middle of the picture.
    public var cvMock: Bool
    /// What the game saved in the profile of the run (`--profile`), which it starts from; none
    /// without a profile, so a run without one is the scene file's alone.
    public var saved: SavedValues

    /// Options from their parts; all default to the scene's own.
    public init(width: Int? = nil, height: Int? = nil, framesPerSecond: Int? = nil, seed: UInt64? = nil,
                peer: String? = nil, live: Bool = false, duration: Double? = nil, cvRecording: CVRecording? = nil,
                cvMock: Bool = false, saved: SavedValues = .none) {
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.seed = seed
        self.peer = peer
        self.live = live
        self.duration = duration
        self.cvRecording = cvRecording
        self.cvMock = cvMock
        self.saved = saved
    }
}
