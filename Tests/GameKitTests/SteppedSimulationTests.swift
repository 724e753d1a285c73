import ECS
import Feedback
import GameKit
import Testing
import Trace
import Vocabulary

/// What a stepped simulation traces comes stamped the same in every game: at the end of the
/// step being run and with the first frame that shows it; its sound cues and haptics pass
/// the switches first.
@Suite struct SteppedSimulationTests {
    /// A game that, on its third step, pops a bubble: a sound and a haptic.
    final class BubbleSimulation: SteppedSimulation {
        let clock = FixedStepClock(framesPerSecond: 60, stepsPerSecond: 60)
        let frameCount = 10
        let outputWidth = 64
        let outputHeight = 64
        var stepsRun = 0
        var trace: [TraceEvent] = []
        let switches: FeedbackSwitches

        init(switches: FeedbackSwitches) { self.switches = switches }

        func step() {
            if stepsRun == 2 {
                recordSound("pop", x: 32, switches: switches)
                recordHaptic(.light, character: "bubble", switches: switches)
            }
            stepsRun += 1
        }

        func snapshot() -> Int { stepsRun }
        func inject(_ input: LiveInput, source: String) {}
    }

    @Test func eventsAreStampedWithTheirStepsEndAndTheFirstFrameShowingIt() {
        let simulation = BubbleSimulation(switches: FeedbackSwitches())
        simulation.advance(toFrame: 3)
        let events = simulation.drainTrace()
        #expect(events.map(\.event) == ["sound", "haptic"])
        // Step 2 ends at 3/60 s; frame 3 (steps 0…2 done) is the first to show it.
        #expect(events.map(\.t) == [3.0 / 60, 3.0 / 60])
        #expect(events.map(\.frame) == [3, 3])
        #expect(events[1].character == "bubble")
    }

    @Test func theSwitchesDecideWhatIsTraced() {
        let silent = BubbleSimulation(switches: FeedbackSwitches(soundEnabled: false))
        silent.advance(toFrame: 3)
        #expect(silent.drainTrace().map(\.event) == ["haptic"])
        let calm = BubbleSimulation(switches: FeedbackSwitches(reduceMotion: true))
        calm.advance(toFrame: 3)
        #expect(calm.drainTrace().map(\.event) == ["sound"])
    }
}
