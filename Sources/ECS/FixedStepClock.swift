/// Turns output frames into whole simulation steps with integer arithmetic, so that no
/// error accumulates: frame `n` shows the world after `floor(n × stepRate / frameRate)`
/// steps, exactly, however long the render.
public struct FixedStepClock: Sendable, Equatable {
    /// Output frames per second.
    public let framesPerSecond: Int
    /// Simulation steps per second.
    public let stepsPerSecond: Int

    /// A clock for `framesPerSecond` output frames over a `stepsPerSecond` simulation.
    public init(framesPerSecond: Int, stepsPerSecond: Int = 60) {
        precondition(framesPerSecond > 0 && stepsPerSecond > 0, "rates must be positive")
        self.framesPerSecond = framesPerSecond
        self.stepsPerSecond = stepsPerSecond
    }

    /// Length of one step, in seconds.
    public var stepDuration: Double { 1 / Double(stepsPerSecond) }

    /// Steps completed when frame `frame` is shown (frame 0 shows the initial world).
    public func stepsCompleted(atFrame frame: Int) -> Int {
        frame <= 0 ? 0 : Int(Int64(frame) * Int64(stepsPerSecond) / Int64(framesPerSecond))
    }

    /// Steps to run after showing frame `frame - 1` and before showing frame `frame`.
    public func steps(beforeFrame frame: Int) -> Int {
        frame <= 0 ? 0 : stepsCompleted(atFrame: frame) - stepsCompleted(atFrame: frame - 1)
    }

    /// The time at which frame `frame` is shown, in seconds.
    public func time(ofFrame frame: Int) -> Double { Double(frame) / Double(framesPerSecond) }

    /// The time at the end of `steps` steps, in seconds.
    public func time(afterSteps steps: Int) -> Double { Double(steps) / Double(stepsPerSecond) }

    /// The first frame that shows the effect of step number `step` (0-based).
    public func firstFrame(showingStep step: Int) -> Int {
        let completed = Int64(step + 1) * Int64(framesPerSecond)
        let rate = Int64(stepsPerSecond)
        return Int((completed + rate - 1) / rate)
    }

    /// Frames in `seconds` of output, rounded to the nearest frame.
    public func frameCount(forDuration seconds: Double) -> Int {
        Int((seconds * Double(framesPerSecond)).rounded())
    }

    /// Steps completed after `nanoseconds` of real time (for live playback).
    public func stepsCompleted(afterNanoseconds nanoseconds: UInt64) -> Int {
        let product = nanoseconds.multipliedFullWidth(by: UInt64(stepsPerSecond))
        return Int(UInt64(1_000_000_000).dividingFullWidth(product).quotient)
    }
}
