import ECS

/// When a character next blinks; each has her own random stream, so one character's
/// blinking never changes another's.
struct BlinkSchedule: Sendable, Equatable {
    /// Scene time the next blink starts.
    var next: Double
    /// Her blink stream.
    var random: SeededRandom

    /// How long the eyelids take to close and open again, in seconds.
    static let blinkDuration = 0.15

    /// A schedule whose first blink comes 1–4 s after `time`.
    init(random: SeededRandom, after time: Double) {
        self.random = random
        self.next = time + self.random.next(in: 1.0...4.0)
    }

    /// Moves `next` past `time` when the current blink is over: 2–5 s between blinks.
    mutating func advance(past time: Double) {
        while time > next + Self.blinkDuration { next += random.next(in: 2.0...5.0) }
    }

    /// Eyelid closure at `time`, 0 open … 1 closed.
    func closure(at time: Double) -> Float {
        let local = (time - next) / Self.blinkDuration
        guard local >= 0, local <= 1 else { return 0 }
        return Float(1 - abs(2 * local - 1))
    }
}
