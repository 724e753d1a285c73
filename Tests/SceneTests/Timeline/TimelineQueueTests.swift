import Scene
import Testing

/// The timeline hands each entry out at the step that handles its time, in file order, and the
/// input queue puts the timeline's due entries before what arrived live.
@Suite struct TimelineQueueTests {
    @Test func anEntryIsHandledByTheFirstStepEndingAtOrAfterItsTime() {
        #expect(TimelineQueue<String>.step(for: 0, stepsPerSecond: 60) == 0)
        #expect(TimelineQueue<String>.step(for: 1.0, stepsPerSecond: 60) == 59)
        #expect(TimelineQueue<String>.step(for: 1.001, stepsPerSecond: 60) == 60)
        #expect(TimelineQueue<String>.step(for: 0.5, stepsPerSecond: 30) == 14)
    }

    @Test func entriesComeOutStepByStepInFileOrder() {
        var queue = TimelineQueue(timeline: [(time: 0.5, input: "wave", source: "timeline"), (time: 0.5, input: "jump", source: "timeline"),
                                             (time: 1, input: "clap", source: "mic")], stepsPerSecond: 60)
        #expect(queue.take(through: 28).isEmpty)
        #expect(queue.take(through: 29).map(\.input) == ["wave", "jump"])
        #expect(!queue.isFinished)
        #expect(queue.take(through: 100) == [QueuedInput(input: "clap", source: "mic")])
        #expect(queue.isFinished)
    }

    @Test func theTimelinesEntriesGoBeforeLiveOnes() {
        var pending = InputQueue<String>()
        pending.append("tap", source: "touch")
        pending.prepend([QueuedInput(input: "wave", source: "timeline")])
        #expect(pending.drain().map(\.source) == ["timeline", "touch"])
        #expect(pending.drain().isEmpty)
    }
}
