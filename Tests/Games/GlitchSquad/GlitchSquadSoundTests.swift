import Audio
import Foundation
@testable import GlitchSquadGame
import TestSupport
import Testing

/// Glitch Squad's soundtrack, listened to: mission 01 rendered to a WAV by the tool and read
/// back; the static of the hook, a loud tick each second of the hunt, the capture, the
/// power-up's arpeggio, silence where nothing plays.
@Suite struct GlitchSquadSoundTests {
    /// Mission 01's soundtrack as mono samples, and its rate.
    static func soundtrack() throws -> (samples: [Float], rate: Double) {
        let folder = try makeTemporaryFolder("glitch-sound")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try AriaRenderTool.run(["render", RepositoryRoot.path + "/Scenes/glitch-squad/mission-01.yaml", "-o", "sound.wav", "--quiet"],
                                             in: folder)
        guard outcome.status == 0 else { throw FixtureError("render failed: \(outcome.standardError)") }
        let reader = try WAVReader(path: folder + "/sound.wav")
        return (reader.readMono(frames: Int.max / 4), Double(reader.sampleRate))
    }

    static func slice(_ sound: (samples: [Float], rate: Double), _ from: Double, _ to: Double) -> ArraySlice<Float> {
        let first = Int(from * sound.rate), last = min(sound.samples.count, Int(to * sound.rate))
        return sound.samples[first..<max(first, last)]
    }

    @Test func theHuntTicksLoudlyEverySecondAndTheRewardPowersUp() throws {
        let sound = try Self.soundtrack()
        #expect(Double(sound.samples.count) / sound.rate > 27.9)
        // The static of the hook: loud and mostly high.
        let hiss = Array(Self.slice(sound, 0.2, 0.7))
        #expect(SignalMeasures.rms(hiss[...]) > 0.05)
        // Ticks at 12.0167, 13.0167, 14.0167 s (the hunt began at 9.0167): a 1.8 kHz click each, quiet between.
        for second in [12.0167, 13.0167, 14.0167] {
            let click = Self.slice(sound, second, second + 0.02), gap = Self.slice(sound, second + 0.3, second + 0.6)
            #expect(SignalMeasures.tonePower(click, frequency: 1_800, sampleRate: sound.rate) > 1e-3, "no tick at \(second)")
            #expect(SignalMeasures.rms(click) > 10 * max(1e-6, SignalMeasures.rms(gap)), "not loud over the quiet at \(second)")
        }
        // The power-up at the reward (19.0167 s): its first note, C5, then G5 140 ms later.
        let first = Self.slice(sound, 19.02, 19.08), third = Self.slice(sound, 19.16, 19.22)
        #expect(SignalMeasures.tonePower(first, frequency: 523.25, sampleRate: sound.rate) > 10 * SignalMeasures.tonePower(first, frequency: 783.99, sampleRate: sound.rate))
        #expect(SignalMeasures.tonePower(third, frequency: 783.99, sampleRate: sound.rate) > 10 * SignalMeasures.tonePower(third, frequency: 523.25, sampleRate: sound.rate))
        // Between the return to base's press and the end nothing plays.
        #expect(SignalMeasures.rms(Self.slice(sound, 25, 27.9)) < 1e-4)
    }
}
