import Foundation

/// How a candidate's energy, in one measure (the whole band or the highs), rose and fell
/// against the sound before it: a clap rises sharply, stands alone, and is soon gone.
struct ClapShape {
    /// The mean energy of the frames before the onset, or the room's floor if that is higher.
    let background: Float
    /// The loudest 3 ms of the frames before the onset: a voice's pitch pulses come again and
    /// again, a clap stands alone.
    let busiest: Float

    /// The baseline of `before` (the frames up to 2 ms before the onset) over `floor`.
    init(before: [Float], floor: Float) {
        background = max(floor, Self.mean(before))
        var busiest: Float = 0
        for start in 0..<max(0, before.count - 2) {
            busiest = max(busiest, Self.mean(before[start..<(start + 3)]))
        }
        self.busiest = busiest
    }

    /// Whether the first 5 ms of `values` rose far enough to be worth hearing out.
    func rose(_ values: [Float], riseDecibels: Double) -> Bool {
        Self.attack(values) > background * Self.ratio(riseDecibels)
    }

    /// Whether a candidate's 18 frames of `values` have a clap's shape.
    func isClap(_ values: [Float], settings: ClapDetectorSettings) -> Bool {
        let peak = Self.attack(values)
        guard rose(values, riseDecibels: settings.riseDecibels) else { return false }
        guard peak > busiest * Self.ratio(settings.aboveRecentPeakDecibels) else { return false }
        // Short: 12–18 ms on, most of the rise has gone again.
        let late = Self.mean(values[12..<18])
        guard late - background <= (peak - background) / Self.ratio(settings.decayDecibels) else { return false }
        // Still falling at the end: a word's burst is followed by its vowel, a clap by nothing.
        let middle = Self.mean(values[9..<12]), end = Self.mean(values[15..<18])
        return end - background <= (middle - background) * 0.8 + background * 0.5
    }

    /// How far the first milliseconds of `values` rose above the background, as a power ratio.
    func rise(_ values: [Float]) -> Float {
        Self.attack(values) / max(background, 1e-12)
    }

    static let attackFrames = 5

    /// The loudest 3 ms in the first 5 ms: long enough that a voice's single pitch pulse does
    /// not look like a burst, short enough for a clap's fast decay.
    static func attack(_ values: [Float]) -> Float {
        var best: Float = 0
        for start in 0..<max(0, min(attackFrames, values.count) - 2) {
            best = max(best, mean(values[start..<(start + 3)]))
        }
        return best
    }

    /// The power ratio of `decibels`.
    static func ratio(_ decibels: Double) -> Float { Float(pow(10, decibels / 10)) }

    static func mean<C: Collection>(_ values: C) -> Float where C.Element == Float {
        values.isEmpty ? 0 : values.reduce(0, +) / Float(values.count)
    }
}
