import Foundation

/// Hears a group clapping together, where no single clap stands out: hundreds of hands blur
/// into a steady, broadband roar that the clap tests refuse onset by onset (too dull, too long).
/// What is judged instead is the last `windowSeconds` of sound, in 10 ms blocks: well above
/// the room's quiet, steady (no word's syllables, no clap's dying tail), a clap's spectrum
/// (little below 0.5 kHz, highs present) and full of small impulses. It must sound so for
/// `holdSeconds` more before it counts (a whisper's fricative passes for a moment, not for
/// that long). Limits and why in `GroupApplauseSettings`; measured in docs/benchmarks.md.
struct GroupApplause {
    /// One 10 ms block: mean band energies and how many impulses began in it.
    private struct Block {
        var bands = ClapBandFrame()
        var impulses = 0
    }

    private let settings: GroupApplauseSettings
    private let widths: (middle: Float, presence: Float, high: Float)
    private let blockFrames: Int
    private let windowBlocks: Int
    private let holdBlocks: Int
    private let roomRisePerBlock: Float
    private var recent = [Float](repeating: 0, count: 13)  // the last 13 frames' 0.5–10 kHz energy
    private var framesHeard = 0
    private var lastImpulse = Int.min / 2
    private var block = Block()
    private var blocks: [Block] = []  // the window, oldest first
    private var room: Float?  // the room's quiet, dB, rising at most `roomRiseDecibelsPerSecond`
    private var heldBlocks = 0

    /// Judges 1 ms frames (`frameSeconds` long) of bands `widths` Hz wide, as `settings` says.
    init(settings: GroupApplauseSettings, frameSeconds: Double, widths: (middle: Float, presence: Float, high: Float)) {
        self.settings = settings
        self.widths = widths
        blockFrames = max(1, Int((0.01 / frameSeconds).rounded()))
        let blockSeconds = Double(blockFrames) * frameSeconds
        windowBlocks = max(10, Int((settings.windowSeconds / blockSeconds).rounded()))
        holdBlocks = max(1, Int((settings.holdSeconds / blockSeconds).rounded()))
        roomRisePerBlock = settings.roomRiseDecibelsPerSecond * Float(blockSeconds)
    }

    /// Takes the next frame; at the end of each block, the group's level over the room's quiet
    /// (dB) when the window has sounded like a group applauding for the hold time, else nil.
    mutating func add(_ frame: ClapBandFrame) -> Float? {
        let index = framesHeard
        framesHeard += 1
        // An impulse: a frame 5 dB over the 10 ms ending 2 ms before it, as an onset is found,
        // but softer, for the many small claps under the roar.
        let before = recent.prefix(10).reduce(0, +) / 10  // frames index-12 ... index-3
        if index >= recent.count, index - lastImpulse >= 5,
           frame.clap >= before * ClapDetector.ratio(settings.impulseRiseDecibels) {
            lastImpulse = index
            block.impulses += 1
        }
        recent.removeFirst()
        recent.append(frame.clap)
        block.bands = block.bands + frame
        guard framesHeard % blockFrames == 0 else { return nil }

        var finished = block
        finished.bands = finished.bands / Float(blockFrames)
        block = Block()
        blocks.append(finished)
        if blocks.count > windowBlocks { blocks.removeFirst() }
        let level = ClapDetector.decibels(finished.bands.clap)
        room = room.map { level < $0 ? level : $0 + roomRisePerBlock } ?? level
        guard blocks.count == windowBlocks, let room, let above = applauding(room: room) else {
            heldBlocks = 0
            return nil
        }
        heldBlocks += 1
        return heldBlocks >= holdBlocks ? above : nil
    }

    /// The window's level over `room` if every test of a group applauding passes.
    private func applauding(room: Float) -> Float? {
        let d = ClapDetector.decibels
        let levels = blocks.map { d($0.bands.clap) }
        let quiet = levels.sorted()[levels.count / 10]  // all but its quietest tenth is this loud
        let mean = levels.reduce(0, +) / Float(levels.count)
        let spread = (levels.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Float(levels.count)).squareRoot()
        // 50 ms levels: a clap's room tail or a word falls by more than a crowd's roar sways.
        let chunks = stride(from: 0, to: blocks.count - 4, by: 5).map { start in
            d(blocks[start..<start + 5].reduce(Float(0)) { $0 + $1.bands.clap } / 5)
        }
        let sum = blocks.reduce(ClapBandFrame()) { $0 + $1.bands }
        let impulsesPerSecond = Float(blocks.reduce(0) { $0 + $1.impulses }) / (Float(blocks.count) * 0.01)
        let middle = d(sum.middle / widths.middle) - d(sum.presence / widths.presence)
        let high = d(sum.high / widths.high) - d(sum.presence / widths.presence)
        guard quiet - room >= settings.aboveRoomDecibels,
              spread <= settings.steadinessDecibels,
              (chunks.max() ?? 0) - (chunks.min() ?? 0) <= settings.swayDecibels,
              d(sum.low) - d(sum.clap) <= settings.lowDecibels,
              middle <= settings.middleExcessDecibels,
              high >= settings.highShortfallDecibels,
              impulsesPerSecond >= settings.impulsesPerSecond else { return nil }
        return quiet - room
    }
}
