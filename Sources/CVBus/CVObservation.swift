/// One thing a detector reported at one moment: an object it saw (with how sure it was), or
/// that the camera failed. Observations are what logs, streams and scripts hold; the
/// tracker turns a series of them into events.
public enum CVObservation: Sendable, Equatable {
    /// An object seen.
    case detection(CVDetection)
    /// The camera failed (`permissionDenied` or `unavailable`) at `time`.
    case cameraFailure(CVEventKind, time: Double)

    /// When it was reported, in seconds on the run's clock.
    public var time: Double {
        switch self {
        case .detection(let detection): return detection.time
        case .cameraFailure(_, let time): return time
        }
    }
}

/// One object in one camera sample, as a YOLO-like detector writes it.
public struct CVDetection: Sendable, Equatable {
    /// What it is (`apple`).
    public var label: String
    /// The detector's track number (0 when it gives none: then one object per label).
    public var track: Int
    /// How sure the detector is, 0–1.
    public var confidence: Double
    /// The box around it, normalised 0–1.
    public var box: CVBox
    /// Where it is, normalised 0–1 (the box's centre unless the detector said otherwise).
    public var position: CVPoint
    /// Seconds on the run's clock.
    public var time: Double

    /// A detection from its parts; without `position`, the box's centre.
    public init(label: String, track: Int = 0, confidence: Double, box: CVBox, position: CVPoint? = nil, time: Double) {
        self.label = label
        self.track = track
        self.confidence = confidence
        self.box = box
        self.position = position ?? box.centre
        self.time = time
    }
}

extension CVObservation {
    /// The same observation at `time`: a live stream's lines carry the detector's clock, and
    /// the demo stamps them with its own run's when they arrive.
    public func retimed(to time: Double) -> CVObservation {
        switch self {
        case .detection(var detection):
            detection.time = time
            return .detection(detection)
        case .cameraFailure(let kind, _):
            return .cameraFailure(kind, time: time)
        }
    }
}
