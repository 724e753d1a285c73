import Foundation
@testable import Golden
import Testing
import Trace

/// A cue that moved reads as one moved cue in both directions: golden against run and run
/// against golden say the same thing, later one way and earlier the other, not "no longer
/// heard" plus a louder neighbour one way and "moved" the other.
@Suite struct SoundComparisonSymmetryTests {
    static let rate = 48_000

    /// Two seconds of stereo silence with a 0.2 s tone starting at each of `starts`.
    static func soundtrack(_ starts: [(time: Double, frequency: Double)]) -> [Float] {
        var samples = [Float](repeating: 0, count: 2 * rate * 2)
        for (time, frequency) in starts {
            let first = Int(time * Double(rate))
            for i in 0..<Int(0.2 * Double(rate)) {
                let value = Float(0.25 * sin(2 * Double.pi * frequency * Double(i) / Double(rate)))
                samples[2 * (first + i)] += value
                samples[2 * (first + i) + 1] += value
            }
        }
        return samples
    }

    static func trace(_ cues: [(time: Double, sound: String)]) -> [TraceEvent] {
        cues.compactMap { TraceLineParser.parse(#"{"t":\#($0.time),"frame":\#(Int($0.time * 60)),"event":"sound","sound":"\#($0.sound)"}"#) }
    }

    @Test func aCueMovedOntoAnotherReadsAsMovedBothWays() {
        // The golden: spawn at 0.5 s, jump at 0.8 s. The run: the spawn moved 0.3 s later, onto the jump.
        let golden = Self.soundtrack([(0.5, 660), (0.8, 440)]), moved = Self.soundtrack([(0.8, 660), (0.8, 440)])
        let goldenTrace = Self.trace([(0.5, "spawn"), (0.8, "jump")]), movedTrace = Self.trace([(0.8, "spawn"), (0.8, "jump")])
        let later = SoundComparison.differences(golden: golden, actual: moved, sampleRate: Self.rate, goldenTrace: goldenTrace,
                                                actualTrace: movedTrace, onsetTolerance: 0.02, loudnessTolerance: 1).differences
        let earlier = SoundComparison.differences(golden: moved, actual: golden, sampleRate: Self.rate, goldenTrace: movedTrace,
                                                  actualTrace: goldenTrace, onsetTolerance: 0.02, loudnessTolerance: 1).differences
        #expect(later.map(\.kind) == [.moved], "\(later.map(\.words))")
        #expect(earlier.map(\.kind) == [.moved], "\(earlier.map(\.words))")
        #expect(later.first?.words.contains("spawn") == true && later.first?.words.contains("0.3 s later") == true, "\(later.map(\.words))")
        #expect(earlier.first?.words.contains("spawn") == true && earlier.first?.words.contains("0.3 s earlier") == true,
                "\(earlier.map(\.words))")
    }

    /// Another sound where the golden's cue was is said as that, not as the cue made louder,
    /// though the run's times are not the golden's four decimals.
    @Test func anotherSoundAtTheGoldensMomentIsSaidAsReplaced() {
        let golden = Self.soundtrack([(0.5, 660)]), run = Self.soundtrack([(0.5, 880), (0.5, 440)])
        let goldenTrace = Self.trace([(0.5167, "warm")]), runTrace = Self.trace([(0.516666667, "success"), (0.516666667, "tap")])
        let found = SoundComparison.differences(golden: golden, actual: run, sampleRate: Self.rate, goldenTrace: goldenTrace,
                                                actualTrace: runTrace, onsetTolerance: 0.02, loudnessTolerance: 1).differences
        #expect(found.map(\.kind) == [.replaced], "\(found.map(\.words))")
        #expect(found.first?.words.hasPrefix("t=0.517 sound warm: now sound success, tap instead") == true, "\(found.map(\.words))")
    }
}
