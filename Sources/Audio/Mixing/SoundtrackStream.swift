/// The sound of a stretch of scene time, block by block, as 16-bit little-endian stereo PCM:
/// what a soundtrack file holds, made as it is consumed, so memory and disk do not grow with
/// the length of a render. The mix runs from the beginning and the part before `start` is
/// discarded, so the limiter is in the same state as in a whole render and a slice matches
/// the whole sample for sample.
public struct SoundtrackStream {
    private let mixer: CueMixer
    private var lead: Int
    private var remaining: Int
    private var block: [Float] = []

    /// Samples per second.
    public var sampleRate: Int { mixer.sampleRate }
    /// Channels (interleaved).
    public let channels = 2

    /// The cues between `start` and `start + duration` seconds, made from `bank`, at `volume`
    /// (nothing if not `enabled`).
    public init(cues: [SoundCue], bank: SoundBank, from start: Double, duration: Double, volume: Double = 1,
                enabled: Bool = true) {
        mixer = CueMixer(cues: cues, from: 0, volume: volume, enabled: enabled, bank: bank)
        let rate = Double(mixer.sampleRate)
        lead = max(0, Int((start * rate).rounded()))
        remaining = max(0, Int(((start + duration) * rate).rounded())) - lead
    }

    /// The next block of at most `frames` frames as interleaved samples in -1…1; nil at the end.
    public mutating func nextSamples(frames: Int = 4_800) -> [Float]? {
        while lead > 0 {
            let skip = min(lead, 4_800)
            mixer.render(into: &block, frameCount: skip)
            lead -= skip
        }
        guard remaining > 0 else { return nil }
        let count = min(remaining, frames)
        mixer.render(into: &block, frameCount: count)
        remaining -= count
        return block
    }

    /// The next block as 16-bit little-endian PCM bytes, as a WAV file holds them; nil at the end.
    public mutating func nextBytes(frames: Int = 4_800) -> [UInt8]? {
        nextSamples(frames: frames).map(Self.pcm16)
    }

    /// Samples in -1…1 as 16-bit little-endian PCM: clipped, each rounded to 16 bits.
    public static func pcm16(_ samples: [Float]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: samples.count * 2)
        for (i, sample) in samples.enumerated() {
            let clamped = sample.isFinite ? max(-1, min(1, sample)) : 0
            let value = UInt16(bitPattern: Int16((clamped * 32767).rounded()))
            bytes[2 * i] = UInt8(value & 0xFF)
            bytes[2 * i + 1] = UInt8(value >> 8)
        }
        return bytes
    }
}
