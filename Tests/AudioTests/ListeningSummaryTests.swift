import Testing
@testable import Audio

/// What `listen` tells an installer at the end.
@Suite struct ListeningSummaryTests {
    @Test func aRoomWithNoClapSaysWhatToTry() {
        var summary = ListeningSummary()
        summary.add([Float](repeating: 0.001, count: 480), sampleRate: 48_000, claps: [], refused: [])
        summary.add([Float](repeating: 0.1, count: 480), sampleRate: 48_000, claps: [], refused: [
            ClapRefusal(time: 0.01, level: -20, test: .lowAtPeak, measured: 3, limit: -8),
            ClapRefusal(time: 0.5, level: -22, test: .lowAtPeak, measured: 1, limit: -8),
            ClapRefusal(time: 0.9, level: -30, test: .highExcess, measured: 9, limit: 4),
        ])
        #expect(summary.claps == 0)
        #expect(abs(summary.seconds - 0.02) < 1e-9)
        #expect(abs(summary.loudest.decibels - (-20)) < 0.01 && abs(summary.loudest.time - 0.01) < 1e-9)
        let text = summary.text(roomLevel: -60)
        #expect(text.contains("0 claps"))
        #expect(text.contains("2 low_at_peak, 1 hiss"), "the refusals, most frequent first")
        #expect(text.contains("most onsets were refused as low_at_peak"))
    }

    @Test func silenceAsksForALouderClapAndClapsAreCounted() {
        var quiet = ListeningSummary()
        quiet.add([Float](repeating: 0, count: 4_800), sampleRate: 48_000, claps: [], refused: [])
        #expect(quiet.text(roomLevel: -90).contains("nothing loud enough"))
        #expect(ListeningSummary.rmsDecibels([]) == -200 && ListeningSummary.rmsDecibels([0, 0]) == -200)

        var clapped = ListeningSummary()
        clapped.add([Float](repeating: 0, count: 480), sampleRate: 48_000,
                    claps: [ClapEvent(time: 0.4, strength: 31), ClapEvent(time: 0.8, strength: 12)], refused: [])
        #expect(clapped.claps == 2 && clapped.strongestClap == 31)
        #expect(!clapped.text(roomLevel: -60).contains("nothing loud enough"))
    }
}
