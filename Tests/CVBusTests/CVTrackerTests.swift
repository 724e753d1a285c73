import CVBus
import Testing

/// The tracker turns samples into detected / moved / removed with the threshold and debounce.
@Suite struct CVTrackerTests {
    static func apple(_ time: Double, x: Double = 0.5, y: Double = 0.5, confidence: Double = 0.9, track: Int = 0) -> CVObservation {
        .detection(CVDetection(label: "apple", track: track, confidence: confidence,
                               box: CVBox(centre: CVPoint(x: x, y: y), width: 0.1, height: 0.1),
                               position: CVPoint(x: x, y: y), time: time))
    }

    static func run(_ observations: [CVObservation], settings: CVBusSettings = .standard) -> [CVEvent] {
        var tracker = CVTracker(settings: settings)
        return observations.flatMap { tracker.observe($0) } + tracker.finish()
    }

    @Test func aDetectionUnderTheThresholdIsNotSeen() {
        let events = Self.run([Self.apple(0, confidence: 0.49), Self.apple(1.0 / 30, confidence: 0.5)])
        #expect(events.map(\.kind) == [.objectDetected, .objectRemoved])
        #expect(events[0].time == 1.0 / 30)
        #expect(events[0].confidence == 0.5)
    }

    @Test func aMoveCarriesWhereItWasAndSmallJittersAreNoMove() {
        let events = Self.run([Self.apple(0, x: 0.2), Self.apple(0.1, x: 0.205), Self.apple(0.2, x: 0.4)])
        #expect(events.map(\.kind) == [.objectDetected, .objectMoved, .objectRemoved])
        #expect(events[1].from == CVPoint(x: 0.2, y: 0.5))
        #expect(events[1].position == CVPoint(x: 0.4, y: 0.5))
        #expect(events[2].position == CVPoint(x: 0.4, y: 0.5))
    }

    @Test func aFewDroppedSamplesAreNoRemovalButALongGapIs() {
        // Seen at 0, lost under the threshold at 0.1 and 0.2, seen at 0.24: still the same object.
        let flicker = Self.run([Self.apple(0), Self.apple(0.1, confidence: 0.1), Self.apple(0.2, confidence: 0.1), Self.apple(0.24)])
        #expect(flicker.map(\.kind) == [.objectDetected, .objectRemoved])
        #expect(abs(flicker[1].time - 0.49) < 1e-9)
        // Seen at 0 and again at 0.3: removed at 0.25 exactly, then detected again.
        let gap = Self.run([Self.apple(0), Self.apple(0.3)])
        #expect(gap.map(\.kind) == [.objectDetected, .objectRemoved, .objectDetected, .objectRemoved])
        #expect(gap[1].time == 0.25)
    }

    @Test func twoTracksOfOneLabelAreTwoObjects() {
        let events = Self.run([Self.apple(0, x: 0.2, track: 1), Self.apple(0, x: 0.8, track: 2)])
        #expect(events.map(\.kind) == [.objectDetected, .objectDetected, .objectRemoved, .objectRemoved])
        #expect(events.map(\.track) == [1, 2, 1, 2])
    }

    @Test func aCameraFailureIsAnEventOfItsOwn() {
        let events = Self.run([.cameraFailure(.permissionDenied, time: 3)])
        #expect(events == [CVEvent.cameraFailure(.permissionDenied, time: 3)])
    }
}
