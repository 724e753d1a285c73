/// How the bus samples, decides and delivers. The platform document fixes the rates (CV at 30 Hz,
/// games at 60, 50 ms latency) but not the threshold nor the debounce: those are ours, chosen
/// as the face expressions' are (a threshold, and no flicker while an object stays in view).
public struct CVBusSettings: Sendable, Equatable {
    /// Camera samples per second: scripted detections are sampled at this rate.
    public var sampleRate: Int
    /// Seconds between the camera seeing something and the game receiving it.
    public var latency: Double
    /// The confidence at or above which a detection counts as the object being seen.
    public var threshold: Double
    /// Seconds an object may go unseen before it is removed: a dropped sample or two is not a removal.
    public var removeAfter: Double
    /// How far (normalised) an object must move from where it was last reported to be reported moved.
    public var moveTolerance: Double
    /// How far the confidence of an object in view must change from what was last reported for
    /// it to be reported again (as a move, in place) though it did not move; nil: never. A game
    /// that holds on a confidence (a steady hold) needs it; events stay few without it.
    public var confidenceStep: Double?

    /// Settings from their parts; the defaults are the reference's rates and our debounce.
    public init(sampleRate: Int = 30, latency: Double = 0.05, threshold: Double = 0.5, removeAfter: Double = 0.25,
                moveTolerance: Double = 0.01, confidenceStep: Double? = nil) {
        self.sampleRate = sampleRate
        self.latency = latency
        self.threshold = threshold
        self.removeAfter = removeAfter
        self.moveTolerance = moveTolerance
        self.confidenceStep = confidenceStep
    }

    /// The defaults.
    public static let standard = CVBusSettings()
}
