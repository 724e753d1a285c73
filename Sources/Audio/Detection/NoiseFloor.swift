/// The room's level: follows the energy down quickly and up slowly, so it settles on the
/// quiet between sounds and a steady new noise (a fan, a hiss) is learned within seconds.
struct NoiseFloor {
    private(set) var level: Float = -1
    private let fall: Float
    private let rise: Float

    /// `frameSeconds` is the time between updates.
    init(frameSeconds: Double, fallSeconds: Double = 0.03, riseSeconds: Double = 2) {
        fall = Float(min(1, frameSeconds / fallSeconds))
        rise = Float(min(1, frameSeconds / riseSeconds))
    }

    mutating func update(_ energy: Float) {
        if level < 0 { level = energy; return }
        level += (energy - level) * (energy < level ? fall : rise)
    }
}
