@testable import Kiosk
import Testing

/// Where the clock stands in the microphone's stream, followed through the blocks' jitter.
@Suite struct ClockInStreamTests {
    /// 5 ms blocks arriving 0–8 ms late: the place followed stays within a millisecond of the
    /// blocks' mean, where one block's arrival strays by up to 8 ms.
    @Test func theBlocksJitterIsAveragedOut() {
        var clock = ClockInStream()
        var state: UInt64 = 3
        var worst = 0.0
        for block in 0..<4_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let late = 0.008 * Double(state >> 40) / Double(1 << 24)
            let place = clock.follow(-0.004 + (0.004 - late), seconds: 0.005)
            if block > 400 { worst = max(worst, abs(place - -0.004)) }
        }
        #expect(worst < 0.001, "strayed \(worst * 1_000) ms")
    }

    /// A microphone that reconnects after seconds away starts counting where it left off while the
    /// clock went on: the new place is taken at once, not followed over seconds.
    @Test func aJumpOfThePlaceIsTakenAtOnce() {
        var clock = ClockInStream()
        for _ in 0..<1_000 { _ = clock.follow(0.010, seconds: 0.005) }
        _ = clock.follow(-4.990, seconds: 0.005)
        let place = clock.follow(-4.990, seconds: 0.005)
        #expect(abs(place - -4.990) < 0.001, "at \(place) s")
    }
}
