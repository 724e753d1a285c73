import CVBus
import Testing

/// A hold counts only a confidence strictly over its threshold, kept for its steps, with the
/// box where it began; a dip or a drift starts it over.
@Suite struct SteadyHoldTests {
    /// Feeds `confidences` one a step from `start`; returns each step's change.
    static func feed(_ hold: inout SteadyHold, _ confidences: [Double], from start: Int = 0,
                     centre: (Int) -> (x: Double, y: Double)? = { _ in nil }) -> [(step: Int, change: SteadyHoldChange)] {
        confidences.enumerated().map { offset, confidence in
            let step = start + offset
            return (step, hold.sample(confidence: confidence, centre: centre(step), step: step))
        }.filter { $0.change != .none }
    }

    @Test func aHoldCompletesExactlyItsStepsAfterItBegan() {
        var hold = SteadyHold(threshold: 0.8, steps: 90)
        let changes = Self.feed(&hold, Array(repeating: 0.9, count: 120), from: 10)
        #expect(changes.map(\.step) == [10, 100, 101])
        #expect(changes.map(\.change) == [.began, .completed, .began])
    }

    @Test func theThresholdItselfIsNotOverIt() {
        var hold = SteadyHold(threshold: 0.8, steps: 5)
        #expect(Self.feed(&hold, Array(repeating: 0.8, count: 20)).isEmpty)
        #expect(hold.heldSince == nil)
    }

    @Test func aDipResetsTheHoldAndItStartsAgain() {
        var hold = SteadyHold(threshold: 0.8, steps: 10)
        let confidences = Array(repeating: 0.85, count: 6) + [0.7] + Array(repeating: 0.9, count: 11)
        let changes = Self.feed(&hold, confidences)
        #expect(changes.map(\.change) == [.began, .reset(.dip), .began, .completed])
        #expect(changes.map(\.step) == [0, 6, 7, 17])
    }

    @Test func progressFillsTheRingAndEmptiesOnAReset() {
        var hold = SteadyHold(steps: 10)
        _ = Self.feed(&hold, Array(repeating: 0.9, count: 6))
        #expect(hold.progress == 0.5)
        #expect(hold.heldSince == 0)
        _ = hold.sample(confidence: 0.2, centre: nil, step: 6)
        #expect(hold.progress == 0)
        #expect(hold.heldSince == nil)
    }

    @Test func aBoxThatWandersTooFarIsNotSteady() {
        var hold = SteadyHold(steps: 30, maxDrift: 0.05)
        // It creeps 0.01 of the frame a step: past 0.05 of where it began at the sixth step.
        let changes = Self.feed(&hold, Array(repeating: 0.95, count: 12)) { step in (0.5 + 0.01 * Double(step), 0.5) }
        #expect(changes.map(\.change) == [.began, .reset(.drift), .began])
        #expect(changes.map(\.step) == [0, 5, 6])
        // A box that trembles within the bound holds.
        var steady = SteadyHold(steps: 30, maxDrift: 0.05)
        let held = Self.feed(&steady, Array(repeating: 0.95, count: 31)) { step in (0.5 + (step % 2 == 0 ? 0.02 : -0.02), 0.5) }
        #expect(held.last?.change == .completed)
    }

    @Test func samplesAFewStepsApartCountTheStepsBetween() {
        // FindIt samples at 10 Hz (every 6 steps): a second of samples is 60 steps.
        var hold = SteadyHold(steps: 60)
        var changes: [(Int, SteadyHoldChange)] = []
        for step in stride(from: 0, through: 60, by: 6) {
            let change = hold.sample(confidence: 0.9, centre: nil, step: step)
            if change != .none { changes.append((step, change)) }
        }
        #expect(changes.map(\.0) == [0, 60])
        #expect(changes.last?.1 == .completed)
    }
}
