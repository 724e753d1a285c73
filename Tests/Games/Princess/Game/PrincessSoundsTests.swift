import Audio
import Foundation
import Princess
import PrincessGame
import Testing
import TestSupport
import Vocabulary

/// The princess game's sounds, each synthesised from its recipe.
@Suite struct PrincessSoundsTests {
    let bank = PrincessSounds.bank
    let rate = 48_000.0

    @Test func everySoundNameIsDocumentedInTheTraceFormat() throws {
        let format = try String(contentsOfFile: RepositoryRoot.path + "/docs/trace-format.md", encoding: .utf8)
        for effect in SoundEffect.allCases { #expect(format.contains("`\(effect.rawValue)`"), "\(effect) is not in docs/trace-format.md") }
    }

    @Test(arguments: SoundEffect.allCases)
    func everyEffectIsAudibleShortAndEndsQuietly(_ effect: SoundEffect) {
        let clip = bank.clip(effect.name)!
        #expect(SignalMeasures.peak(clip) <= SoundBank.clipPeak + 1e-6)
        #expect(SignalMeasures.rms(clip) > 0.01, "\(effect) is nearly silent")
        #expect(Double(clip.count) / rate <= 1.0)
        // The last 5 ms must be quiet, or the end would click.
        let tail = clip.suffix(240)
        #expect(SignalMeasures.rms(tail) < 0.01, "\(effect) ends with a click")
        // And the first sample starts near zero for the same reason.
        #expect(abs(clip[0]) < 0.05)
    }

    @Test func synthesisIsDeterministic() {
        let other = SoundBank(recipes: PrincessSounds.recipes, sampleRate: 48_000)
        for effect in SoundEffect.allCases {
            #expect(other.clip(effect.name) == bank.clip(effect.name)!, "\(effect) differs between two syntheses")
        }
    }

    @Test func sparkleIsABrightChimeAndWarningIsLow() {
        #expect(SignalMeasures.highFraction(bank.clip(SoundEffect.sparkle.name)!, cutoff: 2000, sampleRate: rate) > 0.8)
        #expect(SignalMeasures.highFraction(bank.clip(SoundEffect.warning.name)!, cutoff: 1200, sampleRate: rate) < 0.2)
    }

    @Test func bubblePopAndSelectionAreVeryShort() {
        for effect in [SoundEffect.bubble_pop, .selection] {
            let clip = bank.clip(effect.name)!
            let loudEnd = clip.lastIndex { abs($0) > 0.02 } ?? 0
            #expect(Double(loudEnd) / rate < 0.06, "\(effect) rings too long")
        }
    }

    @Test func jumpIsABoingThatRisesInPitch() {
        let clip = bank.clip(SoundEffect.jump.name)!
        // Zero crossings per 40 ms: the pitch rises from the start to 100 ms later.
        func crossings(_ from: Int) -> Int {
            (from..<(from + 1_920)).filter { clip[$0] <= 0 && clip[$0 + 1] > 0 }.count
        }
        #expect(Double(crossings(4_800)) > 1.4 * Double(crossings(0)))
    }

    @Test func twirlIsABroadSoftWhooshNotATone() {
        let clip = bank.clip(SoundEffect.twirl.name)!
        // Noise spreads its energy: no single frequency holds much of it.
        let middle = clip[9_600..<14_400]
        let total = SignalMeasures.rms(middle) * SignalMeasures.rms(middle)
        var strongest = 0.0
        for f in stride(from: 300.0, to: 4_000, by: 50) {
            strongest = max(strongest, 2 * SignalMeasures.tonePower(middle, frequency: f, sampleRate: rate))
        }
        #expect(strongest < 0.2 * total)
        // Soft: it swells in and out rather than starting with a hit.
        #expect(SignalMeasures.rms(clip[0..<960]) < 0.3 * SignalMeasures.rms(middle))
    }
}
