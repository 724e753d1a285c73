import Testing
@testable import ECS

@Suite struct FixedStepClockTests {
    @Test(arguments: [24, 25, 30, 60])
    func anHourOfFramesIsExactlyAnHourOfSteps(framesPerSecond: Int) {
        let clock = FixedStepClock(framesPerSecond: framesPerSecond, stepsPerSecond: 60)
        let frames = 3600 * framesPerSecond
        var total = 0
        for frame in 1...frames { total += clock.steps(beforeFrame: frame) }
        #expect(total == 216_000)
        #expect(clock.stepsCompleted(atFrame: frames) == 216_000)
        #expect(clock.time(ofFrame: frames) == 3600)
    }

    @Test func twentyFourFramesAlternateTwoAndThreeSteps() {
        let clock = FixedStepClock(framesPerSecond: 24)
        #expect((1...4).map { clock.steps(beforeFrame: $0) } == [2, 3, 2, 3])
        #expect(clock.steps(beforeFrame: 0) == 0)
    }

    @Test func higherFrameRateThanStepRateRepeatsStates() {
        let clock = FixedStepClock(framesPerSecond: 120, stepsPerSecond: 60)
        #expect((1...4).map { clock.steps(beforeFrame: $0) } == [0, 1, 0, 1])
    }

    @Test func firstFrameShowingAStep() {
        let clock = FixedStepClock(framesPerSecond: 30, stepsPerSecond: 60)
        #expect(clock.firstFrame(showingStep: 0) == 1)
        #expect(clock.firstFrame(showingStep: 1) == 1)
        #expect(clock.firstFrame(showingStep: 2) == 2)
        for step in 0..<500 {
            let frame = clock.firstFrame(showingStep: step)
            #expect(clock.stepsCompleted(atFrame: frame) >= step + 1)
            #expect(clock.stepsCompleted(atFrame: frame - 1) < step + 1)
        }
    }

    @Test func realTimeStepsDoNotDrift() {
        let clock = FixedStepClock(framesPerSecond: 30, stepsPerSecond: 60)
        #expect(clock.stepsCompleted(afterNanoseconds: 3_600_000_000_000) == 216_000)
        #expect(clock.stepsCompleted(afterNanoseconds: 16_666_666) == 0)
        #expect(clock.stepsCompleted(afterNanoseconds: 16_666_667) == 1)
    }
}
