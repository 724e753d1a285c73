/// Follows how late the program's own sound reaches the microphone, to a fraction of a sample:
/// slowly, as two sound cards' clocks drift apart (tens of µs a second), and at once when the
/// echo jumps (a playback stream that underran, a loopback correcting its rate).
struct EchoDelayFollower {
    /// The delay, in samples after the played sound's nominal time; nil until found.
    private(set) var delay: Double?
    private let frameLength: Int
    private var slow: EchoDelayTracker
    /// The same with a memory of half a second: where the echo has just jumped to, long before
    /// the slow tracker's seconds of memory agree.
    private var recent: EchoDelayTracker
    private var micEnergies = [Float](repeating: 0, count: 10)  // the last 10 frames, a ring
    private var frame = 0
    private var disagreeing = 0

    /// A jump is a move of more than this many frames; smaller moves are drift.
    static let jumpFrames = 2.0
    /// Drift is followed at most this fast, in samples per frame (0.4 ms a second at 48 kHz:
    /// 6 times the 70 ppm two sound cards drift by, far slower than the tracker's jitter).
    static let slewSamples = 0.02

    /// A follower for 1 ms frames of `frameLength` samples, trying lags `lags` (frames).
    init(frameLength: Int, lags: ClosedRange<Int>) {
        self.frameLength = frameLength
        let framesPerSecond = 1_000
        slow = EchoDelayTracker(lags: lags, memoryFrames: 4 * framesPerSecond)
        recent = EchoDelayTracker(lags: lags, memoryFrames: framesPerSecond / 2)
    }

    /// Adds the microphone's next 1 ms frame (its mean square `energy`); returns whether the
    /// delay jumped.
    mutating func add(energy: Float, played: PlayedStream) -> Bool {
        let before = micEnergies.reduce(0, +) / Float(micEnergies.count)
        micEnergies[frame % micEnergies.count] = energy
        let heard = EchoDelayTracker.rise(energy, over: before)
        let now = frame
        slow.add(heard: heard) { played.rise(ofFrame: now - $0) }
        recent.add(heard: heard) { played.rise(ofFrame: now - $0) }
        frame += 1
        guard let settled = slow.fractionalLag else { return false }
        var target = settled
        // Where the recent onsets have agreed on another lag for 100 ms, the echo has moved there.
        if let moved = recent.fractionalLag, abs(moved - settled) > Self.jumpFrames {
            disagreeing += 1
            if disagreeing >= 100 { target = moved }
        } else {
            disagreeing = 0
        }
        let wanted = target * Double(frameLength)
        guard let current = delay else {
            delay = wanted
            return false
        }
        if abs(wanted - current) > Self.jumpFrames * Double(frameLength) {
            delay = wanted
            return true
        }
        delay = current + max(-Self.slewSamples, min(Self.slewSamples, wanted - current))
        return false
    }
}
