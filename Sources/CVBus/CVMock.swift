/// The platform document's mock mode, for playing a game without a camera: a `circle` detected
/// every 2 seconds at the middle of the picture, with confidence 0.95.
public enum CVMock {
    /// Seconds between two mock detections.
    public static let interval = 2.0
    /// The label of the mock object.
    public static let label = "circle"
    /// The size of its box.
    public static let boxSize = 0.2

    /// The mock's events from 2 s up to and including `duration` (the reference's timer
    /// first fires one interval after it starts).
    public static func events(through duration: Double) -> [CVEvent] {
        guard duration >= interval else { return [] }
        let centre = CVPoint(x: 0.5, y: 0.5)
        let box = CVBox(centre: centre, width: boxSize, height: boxSize)
        return (1...Int((duration / interval + 1e-9).rounded(.down))).map { number in
            CVEvent(kind: .objectDetected, label: label, position: centre, box: box, time: Double(number) * interval, confidence: 0.95)
        }
    }
}
