import Foundation

/// Renders sound cues into interleaved stereo, block by block, placing each cue on the exact
/// sample of its time. Memory depends on how many sounds play at once, not on the length of
/// the soundtrack, so it serves a whole video, a slice of one, or a live speaker alike.
public final class CueMixer {
    /// Frames per second of the output.
    public let sampleRate: Int
    /// Sound on or off (the scene's setting); off renders silence but keeps time.
    public var enabled: Bool
    /// Master volume, 0…1 (the scene's setting).
    public var volume: Double { didSet { volume = min(1, max(0, volume)) } }
    /// The frame the next rendered block starts at; frame 0 is simulation time 0.
    public private(set) var position: Int64

    private let bank: SoundBank
    private var pending: [SoundCue] = []  // sorted by time, first to start first
    private var voices: [Voice] = []
    private var limiter: PeakLimiter

    private struct Voice {
        let clip: [Float]
        let left: Float
        let right: Float
        var offset: Int  // next sample of `clip`; negative means it starts later in this block
    }

    /// A mixer starting at simulation time `start`, with `cues` already scheduled. Cues that
    /// began before `start` and are still sounding are heard from where they are.
    public init(cues: [SoundCue] = [], from start: Double = 0, volume: Double = 1, enabled: Bool = true,
                bank: SoundBank) {
        sampleRate = bank.sampleRate
        self.enabled = enabled
        self.volume = min(1, max(0, volume))
        self.bank = bank
        position = Int64((start * Double(bank.sampleRate)).rounded())
        limiter = PeakLimiter(sampleRate: bank.sampleRate)
        for cue in cues { schedule(cue) }
        startDueCues(before: position, carryOn: true)
    }

    /// Adds a cue. A cue whose time has already been rendered starts at the next block.
    public func schedule(_ cue: SoundCue) {
        guard cue.time.isFinite else { return }
        // Insert after every cue with the same time, so equal times keep their given order.
        var low = 0, high = pending.count
        while low < high {
            let mid = (low + high) / 2
            if pending[mid].time <= cue.time { low = mid + 1 } else { high = mid }
        }
        pending.insert(cue, at: low)
    }

    /// How many sounds are playing or waiting.
    public var activeCount: Int { voices.count + pending.count }

    /// The next `frameCount` frames, interleaved left/right.
    public func render(frameCount: Int) -> [Float] {
        var block = [Float](repeating: 0, count: frameCount * 2)
        render(into: &block, frameCount: frameCount)
        return block
    }

    /// Writes the next `frameCount` frames, interleaved left/right, into `block`.
    public func render(into block: inout [Float], frameCount: Int) {
        if block.count != frameCount * 2 { block = [Float](repeating: 0, count: frameCount * 2) }
        for i in block.indices { block[i] = 0 }
        let end = position + Int64(frameCount)
        startDueCues(before: end)

        let master = enabled ? Float(volume) : 0
        var kept: [Voice] = []
        kept.reserveCapacity(voices.count)
        for var voice in voices {
            let clip = voice.clip
            let firstFrame = max(0, -voice.offset)
            let startSample = max(0, voice.offset)
            let count = min(frameCount - firstFrame, clip.count - startSample)
            if count > 0, master > 0 {
                let left = voice.left * master, right = voice.right * master
                clip.withUnsafeBufferPointer { source in
                    block.withUnsafeMutableBufferPointer { out in
                        for i in 0..<count {
                            let s = source[startSample + i]
                            out[(firstFrame + i) * 2] += s * left
                            out[(firstFrame + i) * 2 + 1] += s * right
                        }
                    }
                }
            }
            voice.offset += frameCount
            if voice.offset < clip.count { kept.append(voice) }
        }
        voices = kept
        limiter.process(&block)
        position = end
    }

    /// Turns every cue starting before frame `end` into a voice. `carryOn` (a mixer started
    /// mid-timeline) lets earlier cues play on from where they would be; otherwise a late cue
    /// starts at the beginning of this block.
    private func startDueCues(before end: Int64, carryOn: Bool = false) {
        let rate = Double(sampleRate)
        var taken = 0
        for cue in pending {
            let frame = Int64((cue.time * rate).rounded())
            if frame >= end { break }
            taken += 1
            guard let clip = bank.clip(cue.sound) else { continue }
            let offset = carryOn ? Int(position - frame) : Int(min(0, position - frame))
            if offset >= clip.count { continue }
            let pan = min(1, max(-1, cue.pan.isFinite ? cue.pan : 0))
            let angle = (Double(pan) + 1) * Double.pi / 4
            let gain = max(0, cue.gain.isFinite ? cue.gain : 0)
            voices.append(Voice(clip: clip, left: gain * Float(cos(angle)), right: gain * Float(sin(angle)),
                                offset: offset))
        }
        pending.removeFirst(taken)
    }
}
