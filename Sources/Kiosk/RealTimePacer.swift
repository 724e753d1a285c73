/// When, in real time, each simulation step is due and each frame is shown: pure arithmetic
/// on seconds of a monotonic clock, so it can be tested without waiting.
///
/// Step `n` (counting from 1) is due once `n / stepsPerSecond` seconds have passed since the
/// origin; every due step is run, however late, so the simulation (and the sound it cues)
/// never slows down. Frames are shown at `framesPerSecond`, the display's pace; a frame that
/// comes too late is not drawn, the newest due one is drawn instead. A heard clap does not wait
/// for its step's time: the next step runs at once, the simulation then at most one step ahead
/// of the clock (a child sees the jump up to a step sooner; nobody sees a step run early).
struct RealTimePacer: Equatable {
    /// Simulation steps per second (the scene's simulation rate).
    let stepsPerSecond: Int
    /// Frames shown per second.
    let framesPerSecond: Int
    /// The clock reading (seconds) at which step 0 starts and frame 0 is due.
    private(set) var origin: Double

    /// A pacer starting at `origin` seconds of the clock.
    init(stepsPerSecond: Int, framesPerSecond: Int, origin: Double) {
        precondition(stepsPerSecond > 0 && framesPerSecond > 0, "rates must be positive")
        self.stepsPerSecond = stepsPerSecond
        self.framesPerSecond = framesPerSecond
        self.origin = origin
    }

    /// How many steps must have run at clock reading `now`.
    func stepsDue(at now: Double) -> Int { Self.count(elapsed: now - origin, rate: stepsPerSecond) }

    /// How many steps must have run at `now` when `stepsRun` have and a heard clap is waiting
    /// for a step: one more than have run, but never more than one step ahead of the clock.
    func stepsDueForClap(at now: Double, stepsRun: Int) -> Int {
        let due = stepsDue(at: now)
        return max(due, min(stepsRun + 1, due + 1))
    }

    /// The newest frame due at clock reading `now`.
    func frameDue(at now: Double) -> Int { Self.count(elapsed: now - origin, rate: framesPerSecond) }

    /// The clock reading at which `steps` steps are due.
    func time(afterSteps steps: Int) -> Double { origin + Double(steps) / Double(stepsPerSecond) }

    /// The clock reading at which frame `frame` is due.
    func time(ofFrame frame: Int) -> Double { origin + Double(frame) / Double(framesPerSecond) }

    /// The frame to show at `now`, given the last one shown (-1 for none), or nil when the
    /// newest due frame has been shown already. Frames missed in between are skipped.
    func frameToShow(at now: Double, lastShown: Int) -> Int? {
        let due = frameDue(at: now)
        return due > lastShown ? due : nil
    }

    /// When the loop must next wake: at the next step or the next frame, whichever comes
    /// first. Each step runs on time, not at the next frame, so that its sounds and a clap
    /// waiting for it are not held back by the display's pace.
    func nextWake(lastShown: Int, stepsRun: Int) -> Double {
        min(time(ofFrame: lastShown + 1), time(afterSteps: stepsRun + 1))
    }

    /// Starts counting again from `steps` steps after the origin: the timeline starts over
    /// exactly where the last one ended, so repeated loops never drift from the clock.
    mutating func restart(afterSteps steps: Int) { origin = time(afterSteps: steps) }

    /// Moves the origin later by `seconds`: used when the machine fell far behind (suspended,
    /// or stopped by a debugger), where running every missed step at once would freeze the
    /// screen for as long.
    mutating func shift(by seconds: Double) { origin += seconds }

    /// Whole periods of `rate` per second in `elapsed` seconds; none before the origin. The
    /// tiny allowance stops a reading of exactly n/rate from being counted as n - 1 by rounding.
    private static func count(elapsed: Double, rate: Int) -> Int {
        guard elapsed > 0, elapsed.isFinite else { return 0 }
        return Int((elapsed * Double(rate) + 1e-9).rounded(.down))
    }
}
