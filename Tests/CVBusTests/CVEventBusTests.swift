import CVBus
import Testing

/// The bus delivers what a game subscribes to, at the step its timestamp and the latency give.
@Suite struct CVEventBusTests {
    static let subscriber = CVSubscription([.init(kind: .objectDetected), .init(kind: .objectRemoved)])

    static func deliveries(_ bus: CVEventBus, steps: Int) -> [(step: Int, event: CVEvent)] {
        var bus = bus
        return (0..<steps).flatMap { step in bus.take(through: step).map { (step, $0) } }
    }

    @Test func anEventArrivesAtTheStepOfItsTimestampPlusTheLatency() {
        // Seen at 1.0 s, 50 ms late: 1.05 s is the end of step 62 at 60 Hz (steps 0…62).
        let bus = CVEventBus(observations: [CVTrackerTests.apple(1.0)], subscription: Self.subscriber, stepsPerSecond: 60)
        let delivered = Self.deliveries(bus, steps: 120)
        #expect(delivered.map(\.step) == [62, 77])
        #expect(delivered.map(\.event.kind) == [.objectDetected, .objectRemoved])
        // A latency of its own moves it: 200 ms is step 71.
        var slow = CVBusSettings.standard
        slow.latency = 0.2
        let later = CVEventBus(observations: [CVTrackerTests.apple(1.0)], settings: slow, subscription: Self.subscriber, stepsPerSecond: 60)
        #expect(Self.deliveries(later, steps: 120).first?.step == 71)
        #expect(CVEventBus.deliveryStep(for: 1.0, latency: 0.05, stepsPerSecond: 60) == 62)
    }

    @Test func aGameReceivesOnlyTheKindsAndLabelsItSubscribesTo() throws {
        let observations: [CVObservation] = [
            CVTrackerTests.apple(0.5, x: 0.2),
            .detection(CVDetection(label: "ball", confidence: 0.9, box: CVBox(x: 0.1, y: 0.1, width: 0.1, height: 0.1), time: 0.5)),
            CVTrackerTests.apple(0.6, x: 0.6),
            .cameraFailure(.unavailable, time: 2),
        ]
        let applesOnly = try CVSubscription(names: ["object_detected:apple"])
        let kinds = Self.deliveries(CVEventBus(observations: observations, subscription: applesOnly, stepsPerSecond: 60), steps: 300)
        #expect(kinds.map(\.event.kind) == [.objectDetected, .unavailable])
        #expect(kinds.map(\.event.label) == ["apple", ""])
        let everything = try CVSubscription(names: ["object_detected", "object_moved", "object_removed"])
        let all = Self.deliveries(CVEventBus(observations: observations, subscription: everything, stepsPerSecond: 60), steps: 300)
        #expect(all.map(\.event.kind) == [.objectDetected, .objectDetected, .objectMoved, .objectRemoved, .objectRemoved, .unavailable])
        // A game that subscribes to nothing (the princess game) receives nothing, not even a failure.
        #expect(Self.deliveries(CVEventBus(observations: observations, mockThrough: 10, subscription: .none, stepsPerSecond: 60), steps: 900).isEmpty)
        #expect(throws: CVSubscriptionError.self) { try CVSubscription(names: ["object_seen"]) }
    }

    @Test func theMockDetectsACircleInTheMiddleEveryTwoSeconds() {
        let events = CVMock.events(through: 7)
        #expect(events.map(\.time) == [2, 4, 6])
        #expect(events.allSatisfy { $0.kind == .objectDetected && $0.label == "circle" && $0.confidence == 0.95
            && $0.position == CVPoint(x: 0.5, y: 0.5) })
        let bus = CVEventBus(observations: [], mockThrough: 4, subscription: Self.subscriber, stepsPerSecond: 60)
        #expect(Self.deliveries(bus, steps: 300).map(\.step) == [122, 242])
    }

    @Test func theSameInputsGiveTheSameDeliveries() {
        let observations = (0..<90).map { CVTrackerTests.apple(Double($0) / 30, x: 0.05 + Double($0) * 0.0105) }
        let subscription = CVSubscription([.init(kind: .objectMoved)])
        let first = Self.deliveries(CVEventBus(observations: observations, subscription: subscription, stepsPerSecond: 60), steps: 400)
        let second = Self.deliveries(CVEventBus(observations: observations, subscription: subscription, stepsPerSecond: 60), steps: 400)
        #expect(first.count == 89)
        #expect(first.map(\.step) == second.map(\.step))
        #expect(first.map(\.event) == second.map(\.event))
    }
}
