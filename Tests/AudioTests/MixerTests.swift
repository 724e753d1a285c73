import TestSupport
import Testing
@testable import Audio
import Vocabulary

@Suite struct MixerTests {
    @Test func aCueStartsOnTheExactSampleOfItsTime() {
        for blockSize in [480, 1_000, 4_801] {
            let mixer = CueMixer(cues: [SoundCue(time: 0.5, sound: .tick)], bank: .cueSounds)
            var left: [Float] = []
            while left.count < 30_000 {
                left += SignalMeasures.channel(mixer.render(frameCount: blockSize), 0)
            }
            #expect(left[..<24_000].allSatisfy { $0 == 0 }, "sound before the cue (block \(blockSize))")
            #expect(left[24_000..<24_048].contains { $0 != 0 }, "no sound at the cue (block \(blockSize))")
        }
    }

    @Test func blockSizeDoesNotChangeTheSamples() {
        let cues = (0..<20).map { SoundCue(time: Double($0) * 0.05, sound: SoundName.cueSounds[$0 % 14], pan: Float($0 % 3) - 1) }
        func render(_ size: Int) -> [Float] {
            let mixer = CueMixer(cues: cues, bank: .cueSounds)
            var out: [Float] = []
            while out.count < 96_000 * 2 { out += mixer.render(frameCount: size) }
            return Array(out.prefix(96_000 * 2))
        }
        #expect(render(480) == render(4_096))
    }

    @Test func panPlacesTheSoundAndVolumeScalesIt() {
        let left = CueMixer(cues: [SoundCue(time: 0, sound: .chime, pan: -1)], bank: .cueSounds).render(frameCount: 24_000)
        #expect(SignalMeasures.rms(SignalMeasures.channel(left, 1)) < 1e-6)
        #expect(SignalMeasures.rms(SignalMeasures.channel(left, 0)) > 0.01)

        let full = CueMixer(cues: [SoundCue(time: 0, sound: .chime)], bank: .cueSounds).render(frameCount: 24_000)
        let half = CueMixer(cues: [SoundCue(time: 0, sound: .chime)], volume: 0.5, bank: .cueSounds).render(frameCount: 24_000)
        let ratio = SignalMeasures.rms(half) / SignalMeasures.rms(full)
        #expect(abs(ratio - 0.5) < 0.01)
        let centred = SignalMeasures.channel(full, 0)
        #expect(centred == SignalMeasures.channel(full, 1))
    }

    @Test func soundOffIsSilentButKeepsTime() {
        let mixer = CueMixer(cues: [SoundCue(time: 0.1, sound: .boing)], enabled: false, bank: .cueSounds)
        #expect(mixer.render(frameCount: 48_000).allSatisfy { $0 == 0 })
        #expect(mixer.position == 48_000)
        mixer.enabled = true
        mixer.schedule(SoundCue(time: 1.2, sound: .boing))
        #expect(SignalMeasures.rms(mixer.render(frameCount: 48_000)) > 0.01)
    }

    @Test func manySimultaneousCuesNeverClip() {
        let cues = (0..<60).map { SoundCue(time: 0.01 * Double($0 % 5), sound: SoundName.cueSounds[$0 % 14], gain: 2) }
        let out = CueMixer(cues: cues, bank: .cueSounds).render(frameCount: 48_000)
        #expect(SignalMeasures.peak(out) <= 0.891 + 1e-6)
        #expect(SignalMeasures.rms(out) > 0.05)
        // Once the pile has passed, the limiter lets go: a lone later cue is back at its own level.
        let mixer = CueMixer(cues: cues + [SoundCue(time: 3, sound: .tick)], bank: .cueSounds)
        _ = mixer.render(frameCount: 144_000)
        let later = mixer.render(frameCount: 4_800)
        let alone = CueMixer(cues: [SoundCue(time: 0, sound: .tick)], bank: .cueSounds).render(frameCount: 4_800)
        #expect(abs(SignalMeasures.peak(later) - SignalMeasures.peak(alone)) < 0.01)
    }

    @Test func lateLiveCuesStartAtTheNextBlock() {
        let mixer = CueMixer(bank: .cueSounds)
        _ = mixer.render(frameCount: 4_800)
        mixer.schedule(SoundCue(time: 0.05, sound: .tick))  // already rendered: frame 2,400
        let block = SignalMeasures.channel(mixer.render(frameCount: 480), 0)
        #expect(block[0] != 0 || block[1] != 0)
    }

    @Test func aSliceMatchesTheSameStretchOfTheWhole() {
        let cues = [SoundCue(time: 0.8, sound: .fanfare), SoundCue(time: 1.3, sound: .boing, pan: 0.5)]
        let whole = CueMixer(cues: cues, bank: .cueSounds).render(frameCount: 96_000)
        let slice = CueMixer(cues: cues, from: 1.0, bank: .cueSounds).render(frameCount: 48_000)
        #expect(Array(whole[96_000..<192_000]) == slice)
    }

    @Test func theSameCuesGiveTheSameSamples() {
        let cues = (0..<30).map { SoundCue(time: Double($0) * 0.03, sound: SoundName.cueSounds[($0 * 5) % 14], pan: 0.3, gain: 1.5) }
        #expect(CueMixer(cues: cues, bank: .cueSounds).render(frameCount: 60_000) == CueMixer(cues: cues, bank: .cueSounds).render(frameCount: 60_000))
    }
}
