/// What a camera event says happened (the platform document's `CVEventType`, plus the camera's own
/// failures, which reach a game the same way so that its error screen can be shown).
public enum CVEventKind: String, Sendable, Equatable, CaseIterable, Codable {
    /// An object came into view.
    case objectDetected = "object_detected"
    /// An object in view moved.
    case objectMoved = "object_moved"
    /// An object left the view (or has not been seen for a while).
    case objectRemoved = "object_removed"
    /// The camera may not be used.
    case permissionDenied = "permission_denied"
    /// There is no working camera.
    case unavailable = "unavailable"

    /// Whether the event is about an object, not about the camera.
    public var isObjectEvent: Bool {
        switch self {
        case .objectDetected, .objectMoved, .objectRemoved: return true
        case .permissionDenied, .unavailable: return false
        }
    }
}

/// A point in the camera's picture, normalised: 0 (left, top) to 1 (right, bottom).
public struct CVPoint: Sendable, Equatable, Codable {
    /// Across, 0 (left) to 1 (right).
    public var x: Double
    /// Down, 0 (top) to 1 (bottom).
    public var y: Double

    /// A point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The straight-line distance to `other`.
    public func distance(to other: CVPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// A box around an object in the camera's picture, normalised like `CVPoint`: its top-left
/// corner and its size.
public struct CVBox: Sendable, Equatable, Codable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// A box from its corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A box of `width`×`height` centred on `centre`, moved (not shrunk) to stay in the picture.
    public init(centre: CVPoint, width: Double, height: Double) {
        self.init(x: min(max(0, centre.x - width / 2), 1 - width), y: min(max(0, centre.y - height / 2), 1 - height),
                  width: width, height: height)
    }

    /// Its middle.
    public var centre: CVPoint { CVPoint(x: x + width / 2, y: y + height / 2) }
}

/// One event on the CV bus, as a game receives it (the platform document's `CVEvent`).
public struct CVEvent: Sendable, Equatable {
    /// What happened.
    public var kind: CVEventKind
    /// The object's label (`apple`); empty for a camera failure.
    public var label: String
    /// The detector's track number, telling two objects of one label apart (0 when it gives none).
    public var track: Int
    /// Where the object is, normalised 0–1.
    public var position: CVPoint
    /// The box around it, normalised 0–1.
    public var box: CVBox
    /// For a move, where the object was when last reported.
    public var from: CVPoint?
    /// Seconds on the run's clock when the camera saw it (a removal: when it was given up).
    public var time: Double
    /// How sure the detector was, 0–1 (1 for a camera failure).
    public var confidence: Double

    /// An event from its parts.
    public init(kind: CVEventKind, label: String, track: Int = 0, position: CVPoint, box: CVBox, from: CVPoint? = nil,
                time: Double, confidence: Double) {
        self.kind = kind
        self.label = label
        self.track = track
        self.position = position
        self.box = box
        self.from = from
        self.time = time
        self.confidence = confidence
    }

    /// A camera failure (`kind` is `permissionDenied` or `unavailable`) at `time`.
    public static func cameraFailure(_ kind: CVEventKind, time: Double) -> CVEvent {
        CVEvent(kind: kind, label: "", position: CVPoint(x: 0.5, y: 0.5), box: CVBox(x: 0, y: 0, width: 0, height: 0),
                time: time, confidence: 1)
    }
}
