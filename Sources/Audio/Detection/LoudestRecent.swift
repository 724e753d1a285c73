/// The loudest 1 ms energy heard lately: jumps up at once, then fades by 10 dB a second.
struct LoudestRecent {
    private(set) var level: Float = 0
    private let fade = Float(0.997_700_8)  // 10^(-0.01/10): -0.01 dB per millisecond frame

    mutating func update(_ energy: Float) {
        level = max(level * fade, energy)
    }
}
