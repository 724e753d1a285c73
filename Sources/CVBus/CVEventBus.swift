import Scene

/// The CV bus of one run: every observation the run will see (scripted, recorded), turned
/// into events by a tracker, the mock's added, kept to what the game subscribes to, and
/// handed out at the step each is due — its timestamp plus the latency, never a wall
/// clock, so the same inputs give the same deliveries. Pure: no clock, no I/O.
public struct CVEventBus: Sendable {
    /// How it samples and delivers.
    public let settings: CVBusSettings
    /// What the game receives.
    public let subscription: CVSubscription
    private var queue: TimelineQueue<CVEvent>

    /// The bus of a run stepped at `stepsPerSecond`: `observations` (merged in time order,
    /// ties kept in the order given), the mock's events up to `mockThrough` seconds when set.
    public init(observations: [CVObservation], mockThrough: Double? = nil, settings: CVBusSettings = .standard,
                subscription: CVSubscription, stepsPerSecond: Int) {
        self.settings = settings
        self.subscription = subscription
        var events: [CVEvent] = []
        if !subscription.rules.isEmpty {
            var tracker = CVTracker(settings: settings)
            let ordered = observations.enumerated().sorted {
                $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset
            }
            for (_, observation) in ordered { events += tracker.observe(observation) }
            events += tracker.finish()
            if let mockThrough { events += CVMock.events(through: mockThrough) }
            // Stable: at one moment, the tracker's order first, then the mock's.
            events = events.enumerated().sorted {
                $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset
            }.map(\.element).filter(subscription.accepts)
        }
        let latency = settings.latency
        queue = TimelineQueue(timeline: events.map { (time: $0.time + latency, input: $0, source: "cv") }, stepsPerSecond: stepsPerSecond)
    }

    /// The step (0-based) at whose start an event seen at `time` is delivered.
    public static func deliveryStep(for time: Double, latency: Double, stepsPerSecond: Int) -> Int {
        TimelineQueue<CVEvent>.step(for: time + latency, stepsPerSecond: stepsPerSecond)
    }

    /// The events due by step `step` not handed out yet, in time order.
    public mutating func take(through step: Int) -> [CVEvent] {
        queue.take(through: step).map(\.input)
    }

    /// Whether every event has been handed out.
    public var isFinished: Bool { queue.isFinished }
}
