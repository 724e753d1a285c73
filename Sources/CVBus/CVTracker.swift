/// Turns a detector's observations, in time order, into events: an object seen at or above
/// the threshold is detected; seen again somewhere else, moved; unseen for `removeAfter`
/// seconds, removed at that moment. Objects are told apart by label and track; they are kept
/// in the order they appeared, so removals at one moment come out in a fixed order.
public struct CVTracker: Sendable {
    private struct Tracked: Sendable {
        var label: String
        var track: Int
        var lastSeen: Double
        var reported: CVPoint
        var box: CVBox
        var confidence: Double
        var reportedConfidence: Double
    }

    /// The thresholds it decides with.
    public let settings: CVBusSettings
    private var tracked: [Tracked] = []

    /// A tracker with nothing in view.
    public init(settings: CVBusSettings = .standard) { self.settings = settings }

    /// How many objects are in view.
    public var objectsInView: Int { tracked.count }

    /// The events `observation` causes, after the removals due before it.
    public mutating func observe(_ observation: CVObservation) -> [CVEvent] {
        var events = expire(through: observation.time)
        switch observation {
        case .cameraFailure(let kind, let time):
            events.append(.cameraFailure(kind, time: time))
        case .detection(let detection):
            // Below the threshold the object is not seen: it stays until its removal is due.
            guard detection.confidence >= settings.threshold else { return events }
            if let index = tracked.firstIndex(where: { $0.label == detection.label && $0.track == detection.track }) {
                tracked[index].lastSeen = detection.time
                tracked[index].box = detection.box
                tracked[index].confidence = detection.confidence
                let from = tracked[index].reported
                let confidenceChanged = settings.confidenceStep.map {
                    abs(detection.confidence - tracked[index].reportedConfidence) >= $0
                } ?? false
                if from.distance(to: detection.position) > settings.moveTolerance || confidenceChanged {
                    tracked[index].reported = detection.position
                    tracked[index].reportedConfidence = detection.confidence
                    events.append(CVEvent(kind: .objectMoved, label: detection.label, track: detection.track,
                                          position: detection.position, box: detection.box, from: from,
                                          time: detection.time, confidence: detection.confidence))
                }
            } else {
                tracked.append(Tracked(label: detection.label, track: detection.track, lastSeen: detection.time,
                                       reported: detection.position, box: detection.box, confidence: detection.confidence,
                                       reportedConfidence: detection.confidence))
                events.append(CVEvent(kind: .objectDetected, label: detection.label, track: detection.track,
                                      position: detection.position, box: detection.box, time: detection.time,
                                      confidence: detection.confidence))
            }
        }
        return events
    }

    /// The removals due at or before `time`, in time order (ties in the order objects appeared).
    public mutating func expire(through time: Double) -> [CVEvent] {
        var due: [(Double, Int)] = []
        for (index, object) in tracked.enumerated() where object.lastSeen + settings.removeAfter <= time {
            due.append((object.lastSeen + settings.removeAfter, index))
        }
        return remove(due)
    }

    /// Every object still in view, removed when its time is up: the end of a recording.
    public mutating func finish() -> [CVEvent] {
        remove(tracked.enumerated().map { ($0.element.lastSeen + settings.removeAfter, $0.offset) })
    }

    private mutating func remove(_ due: [(time: Double, index: Int)]) -> [CVEvent] {
        guard !due.isEmpty else { return [] }
        let ordered = due.sorted { $0.time != $1.time ? $0.time < $1.time : $0.index < $1.index }
        let events = ordered.map { time, index in
            let object = tracked[index]
            return CVEvent(kind: .objectRemoved, label: object.label, track: object.track, position: object.reported,
                           box: object.box, time: time, confidence: object.confidence)
        }
        let gone = Set(due.map(\.index))
        tracked = tracked.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
        return events
    }
}
