import CVBus
import Testing

/// `confidence_step`: an object that stays put is reported again when its confidence moved by
/// the step (a steady hold needs every dip); without it, a still object is reported once.
@Suite struct CVTrackerConfidenceStepTests {
    static let still: [CVObservation] = [0.9, 0.88, 0.7, 0.71, 0.95].enumerated().map { index, confidence in
        CVTrackerTests.apple(Double(index) / 30, confidence: confidence)
    }

    @Test func aStillObjectIsReportedOnceWithoutTheStep() {
        #expect(CVTrackerTests.run(Self.still).map(\.kind) == [.objectDetected, .objectRemoved])
    }

    @Test func withTheStepEachChangeOfAtLeastItIsReportedInPlace() {
        var settings = CVBusSettings.standard
        settings.confidenceStep = 0.05
        let events = CVTrackerTests.run(Self.still, settings: settings)
        // 0.9 detected; 0.88 is within the step; 0.7 is reported; 0.71 is not; 0.95 is.
        #expect(events.map(\.kind) == [.objectDetected, .objectMoved, .objectMoved, .objectRemoved])
        #expect(events.map(\.confidence) == [0.9, 0.7, 0.95, 0.95])
        #expect(events[1].position == events[1].from)
    }
}
