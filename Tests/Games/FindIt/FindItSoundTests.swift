import Audio
import Catalogue
import GameKit
@testable import FindItGame
import Foundation
import TestSupport
import Testing

/// The hunt's soundtrack, listened to: the tones where the trace cues them (a warm chime, the
/// find's fanfare) and silence where nothing happens.
@Suite struct FindItSoundTests {
    static func soundtrack() throws -> (samples: [Float], rate: Double) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("findit-sound-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let wav = folder + "/hunt.wav"
        let scene = RepositoryRoot.url.appendingPathComponent("Scenes/findit/hunt.yaml").path
        let result = try AriaRenderTool.run(["render", scene, "-o", wav])
        guard result.status == 0 else { throw FixtureError("render failed: \(result.standardError)") }
        return try Self.mono(wav)
    }

    /// Every sample of the WAV file at `path`, its channels averaged, and its rate.
    static func mono(_ path: String) throws -> (samples: [Float], rate: Double) {
        let reader = try WAVReader(path: path)
        var samples: [Float] = []
        while true {
            let block = reader.readMono(frames: 65_536)
            if block.isEmpty { break }
            samples += block
        }
        return (samples, Double(reader.sampleRate))
    }

    static func level(_ sound: (samples: [Float], rate: Double), from start: Double, to end: Double) -> Double {
        let first = Int(start * sound.rate), last = min(sound.samples.count, Int(end * sound.rate))
        return SignalMeasures.rms(sound.samples[first..<last])
    }

    @Test func chimesAndFanfareWhereTheTraceCuesThemAndSilenceBetween() throws {
        let sound = try Self.soundtrack()
        #expect(abs(Double(sound.samples.count) / sound.rate - 20) < 0.1)
        // The band turns warm at 6.42 s; the find at 11.32 s.
        let warm = Self.level(sound, from: 6.42, to: 6.7), fanfare = Self.level(sound, from: 11.35, to: 11.9)
        let cold = Self.level(sound, from: 5.0, to: 6.3), after = Self.level(sound, from: 12.8, to: 14.2)
        #expect(warm > 0.01 && fanfare > 0.01, "warm \(warm), fanfare \(fanfare)")
        #expect(cold < 0.0005 && after < 0.0005, "cold \(cold), after \(after)")
    }

    @Test func theMissionIsSpokenInTheSoundtrackAsEspeakNGSpeaksIt() throws {
        let sound = try Self.soundtrack()
        // Spoken from 1.52 s (the mission card), under 2.5 s; the card's tap is over by 1.65 s.
        let spoken = Self.level(sound, from: 1.7, to: 2.6), before = Self.level(sound, from: 0.2, to: 1.4)
        #expect(spoken > 0.01 && before < 0.0005, "spoken \(spoken), before \(before)")
        // The clip is espeak-ng's own Korean reading of the line: as long as its command line's.
        let opened = try FindItFixtures.scene("hunt")
        let bank = try opened.game.sounds(for: opened.scene, options: RunOptions())
        let clip = try #require(bank.clip(FindItSounds.missionSpeech("keys")))
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("findit-espeak-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let voice = FindItSounds.voice
        let spokenByCLI = try Subprocess.run("espeak-ng", ["-v", voice.language, "-p", String(voice.pitch), "-s", String(voice.wordsPerMinute),
                                                           "-w", wav, FindItText.mission("아빠의 차 키")])
        #expect(spokenByCLI.status == 0, "\(spokenByCLI.standardError)")
        let byCLI = try Self.mono(wav)
        let clipSeconds = Double(clip.count) / Double(bank.sampleRate), cliSeconds = Double(byCLI.samples.count) / byCLI.rate
        #expect(abs(clipSeconds - cliSeconds) < 0.02, "clip \(clipSeconds) s, espeak-ng \(cliSeconds) s")
        #expect(clipSeconds > 1)
    }
}
