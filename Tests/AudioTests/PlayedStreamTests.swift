import Testing
@testable import Audio

/// What the program played, laid end to end and read in its stamps' time.
@Suite struct PlayedStreamTests {
    static let rate = 48_000
    static let block = 480

    /// Blocks whose samples each hold their own number, stamped `drift` samples a block later
    /// than laid end to end, with a jitter of up to ±`jitter` samples; returns the stream and
    /// the splices `note` reported.
    static func play(blocks: Int, driftPerBlock: Double, jitter: Int, seed: UInt64 = 7) -> (PlayedStream, [(cut: Int, resumed: Int)], stamps: [Int]) {
        var stream = PlayedStream(sampleRate: Double(rate))
        var splices: [(cut: Int, resumed: Int)] = []
        var stamps: [Int] = []
        var state = seed
        for b in 0..<blocks {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let shake = jitter == 0 ? 0 : Int(state >> 33) % (2 * jitter + 1) - jitter
            let stamp = b * block + Int((Double(b) * driftPerBlock).rounded()) + shake
            stamps.append(stamp)
            if let splice = stream.note([Float](repeating: Float(b), count: block), at: stamp, heard: max(0, stamp - rate / 10)) {
                splices.append(splice)
            }
        }
        return (stream, splices, stamps)
    }

    /// The number of the block read at stream sample `at` (in the stamps' time).
    static func block(at: Int, in stream: PlayedStream) -> Float {
        var sample: [Float] = [0]
        sample.withUnsafeMutableBufferPointer { stream.read(endingAt: Double(at), into: $0) }
        return sample[0]
    }

    /// Two clocks 300 ppm apart for 200 s, stamps shaken by ±1 ms (twice the most a live room's
    /// stamps strayed): the stamps stray 60 ms from the blocks laid end to end, which is no
    /// splice (the sound had no gap); reads in the stamps' time find each block within a few
    /// samples of its stamp. Judged against the last block laid, the stream was spliced wherever
    /// the stray passed the jitter allowed, a jump of the echo each time.
    @Test func stampsThatDriftSlowlyAreFollowedWithoutASplice() {
        let blocks = 20_000
        let (stream, splices, stamps) = Self.play(blocks: blocks, driftPerBlock: 0.144, jitter: 48)
        #expect(splices.isEmpty, "spliced at \(splices.prefix(3).map(\.cut))")
        // Followed over 2 s, the drift is 0.6 ms behind (300 ppm × 2 s), its jitter averaged out;
        // it counts from where the first block was laid, at its own stamp.
        let drifted = 0.144 * Double(blocks) - Double(stamps[0])
        #expect(abs(stream.drift - drifted) < Double(Self.rate) / 1_000, "drift \(stream.drift) samples, \(drifted) drifted")
        // The block read 20 ms after the last one's nominal start, give or take the drift's lag.
        let middle = Double(blocks - 40) * (Double(Self.block) + 0.144)
        let found = Self.block(at: Int(middle), in: stream)
        #expect(abs(found - Float(blocks - 40)) <= 2, "read block \(found) where block \(blocks - 40) is stamped (\(stamps[blocks - 40]))")
    }

    /// A second of blocks laid end to end, then one stamped `gap` samples late (an underrun):
    /// the stream and the splice that block gave.
    static func underrun(of gap: Int) -> (PlayedStream, (cut: Int, resumed: Int)?) {
        var stream = PlayedStream(sampleRate: Double(rate))
        for b in 0..<100 { #expect(stream.note([Float](repeating: 1, count: block), at: b * block, heard: 0) == nil) }
        let splice = stream.note([Float](repeating: 2, count: block), at: 100 * block + gap, heard: 0)
        return (stream, splice)
    }

    /// An underrun: the stamps jump 100 ms ahead at once. A splice, from where the stream stood
    /// (the sound cut) to where the stamp puts the next block (the sound resumed).
    @Test func aSuddenJumpOfTheStampsIsASpliceWithItsCutAndItsReturn() {
        let gap = Self.rate / 10
        let (laid, splice) = Self.underrun(of: gap)
        var stream = laid
        #expect(splice?.cut == 100 * Self.block)
        #expect(splice?.resumed == 100 * Self.block + gap)
        #expect(Self.block(at: 100 * Self.block + gap / 2, in: stream) == 0, "the gap is silence")
        #expect(Self.block(at: 100 * Self.block + gap + 10, in: stream) == 2)
        // The next block follows on from the new place.
        #expect(stream.note([Float](repeating: 3, count: Self.block), at: 101 * Self.block + gap + 100, heard: 0) == nil)
    }

    /// An underrun of 10 ms, as long as a loaded machine's stamps once strayed, is a splice too:
    /// the stamps now stray by fractions of a millisecond, so its click is held, not heard.
    @Test func anUnderrunOfTenMillisecondsIsASplice() {
        let gap = Self.rate / 100
        let (_, splice) = Self.underrun(of: gap)
        #expect(splice?.cut == 100 * Self.block)
        #expect(splice?.resumed == 100 * Self.block + gap)
    }

    /// The 1 ms frames' energies, which the echo's delay is found by, are in the stamps' time too.
    @Test func theFramesEnergiesFollowTheDrift() {
        let (stream, _, _) = Self.play(blocks: 6_000, driftPerBlock: 0.144, jitter: 0)
        // Block 5,990 (energy 5,990²) is stamped at 5,990 × 480.144 samples.
        let frame = Int(5_990 * 480.144) / (Self.rate / 1_000) + 5
        let energy = stream.energy(ofFrame: frame)
        #expect(abs(energy.squareRoot() - 5_990) <= 3, "frame \(frame): \(energy.squareRoot())")
    }
}
