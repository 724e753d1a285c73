import Audio
import Foundation
import Testing
import Vocabulary
@testable import Speech

/// Lines spoken by libespeak-ng: the very samples espeak-ng's own command line writes, the same
/// every time, in English, Korean and Pixel's robot timbre, and resampled for the soundtrack.
@Suite(.serialized) struct SpeechSynthesizerTests {
    static let pixel = "System Failure... Power Critical... Agent, are you there?"
    static let mission = "아빠의 차 키를 찾아보세요!"

    /// espeak-ng's command line (a program this project did not make) speaking `text`: its WAV's samples.
    static func commandLineSamples(_ text: String, language: String, wordsPerMinute: Int, pitch: Int) throws -> [Int16] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["espeak-ng", "-v", language, "-s", "\(wordsPerMinute)", "-p", "\(pitch)", "--stdout", text]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let wav = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // espeak-ng's WAV header is the plain 44 bytes; little-endian 16-bit mono follows.
        let data = wav.dropFirst(44)
        return stride(from: data.startIndex, to: data.endIndex - 1, by: 2).map {
            Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8)
        }
    }

    @Test(arguments: [("en-us", pixel), ("ko", mission)])
    func theLibrarySpeaksExactlyWhatEspeakNGsCommandLineSpeaks(language: String, text: String) throws {
        let voice = SpeechVoice(language: language, pitch: 50, wordsPerMinute: 160)
        _ = try SpeechSynthesizer.nativeSamples(of: "Something else first.", voice: voice)
        SpeechSynthesizer.forgetSpokenLines()
        let ours = try SpeechSynthesizer.nativeSamples(of: text, voice: voice)
        let theirs = try Self.commandLineSamples(text, language: language, wordsPerMinute: 160, pitch: 50)
        #expect(ours.count > SpeechSynthesizer.nativeSampleRate, "over a second of speech")
        // Compared by length and first difference: a failure must not print a million samples.
        #expect(ours.count == theirs.count)
        let firstDifference = zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil)
    }

    @Test func aLineIsTheSameWhateverWasSpokenBeforeIt() throws {
        let voice = SpeechVoice(robot: true)
        // Synthesised anew each time (the kept lines forgotten): libespeak-ng's own state
        // between utterances must not reach a line.
        SpeechSynthesizer.forgetSpokenLines()
        let first = try SpeechSynthesizer.samples(of: Self.pixel, voice: voice, sampleRate: 48_000)
        _ = try SpeechSynthesizer.samples(of: Self.mission, voice: SpeechVoice(language: "ko"), sampleRate: 48_000)
        _ = try SpeechSynthesizer.samples(of: "Target locked!", voice: SpeechVoice(pitch: 90), sampleRate: 48_000)
        SpeechSynthesizer.forgetSpokenLines()
        let again = try SpeechSynthesizer.samples(of: Self.pixel, voice: voice, sampleRate: 48_000)
        let same = first == again
        #expect(same, "the same line twice")
    }

    @Test func theSoundtracksRateKeepsTheLinesLength() throws {
        let voice = SpeechVoice()
        let native = try SpeechSynthesizer.nativeSamples(of: Self.pixel, voice: voice)
        let raised = try SpeechSynthesizer.samples(of: Self.pixel, voice: voice, sampleRate: 48_000)
        let seconds = Double(native.count) / Double(SpeechSynthesizer.nativeSampleRate)
        #expect(abs(Double(raised.count) / 48_000 - seconds) < 0.001)
        // Interpolation passes through espeak-ng's own samples where the two grids meet
        // (every 147th native sample is every 320th at 48 kHz).
        for index in stride(from: 0, to: native.count - 2, by: 147 * 7) {
            #expect(raised[index / 147 * 320] == Float(native[index]) / 32_768)
        }
    }

    @Test func pixelsRobotVoiceIsMonotoneAndRinged() throws {
        let plain = try SpeechSynthesizer.samples(of: Self.pixel, voice: SpeechVoice(), sampleRate: 22_050)
        let robot = try SpeechSynthesizer.samples(of: Self.pixel, voice: SpeechVoice(robot: true), sampleRate: 22_050)
        let differs = robot != plain
        #expect(differs)
        // Coarsened: every sample is one of a few dozen levels.
        #expect(Set(robot).count <= 2 * Int(RobotTimbre.levels) + 1)
        #expect(Set(plain).count > 200)
        // Still speech: as long as the plain line within a tenth, and loud.
        #expect(abs(Double(robot.count - plain.count)) < Double(plain.count) / 10)
        #expect((robot.map { abs($0) }.max() ?? 0) > 0.1)
    }

    @Test func koreanIsSpokenByTheKoreanVoice() throws {
        let korean = try SpeechSynthesizer.samples(of: Self.mission, voice: SpeechVoice(language: "ko"), sampleRate: 48_000)
        let english = try SpeechSynthesizer.samples(of: Self.mission, voice: SpeechVoice(language: "en-us"), sampleRate: 48_000)
        #expect(korean.count > 48_000)
        // The English voice spells the Hangul out as "Korean letter…" or skips it: not the same sound.
        let differs = korean != english
        #expect(differs)
    }

    @Test func anUnknownVoiceIsAnErrorNotSilence() {
        #expect(throws: SpeechError("espeak-ng has no voice 'xx-nowhere'")) {
            try SpeechSynthesizer.samples(of: "hello", voice: SpeechVoice(language: "xx-nowhere"), sampleRate: 48_000)
        }
    }

    @Test func aSpokenLineJoinsAGamesBankNormalisedAndAFailedOneIsReported() throws {
        let beep = SoundRecipe("beep") { rate in (0..<Int(rate / 10)).map { Float(sin(Double($0) * 0.3)) } }
        let bank = SoundBank(recipes: [beep])
        let spoken = try bank.adding([.speech("speech_1", text: Self.pixel, voice: SpeechVoice(robot: true))])
        #expect(spoken.names == ["beep", "speech_1"])
        let clip = try #require(spoken.clip("speech_1"))
        #expect(abs((clip.map { abs($0) }.max() ?? 0) - SoundBank.clipPeak) < 1e-6)
        #expect(bank.clip("speech_1") == nil, "the game's own bank is untouched")
        #expect(throws: SoundBankError("sound 'beep' is already in the bank")) {
            try bank.adding([.speech("beep", text: "hello", voice: SpeechVoice())])
        }
        #expect(throws: SoundBankError("sound 'speech_2' could not be made")) {
            try bank.adding([.speech("speech_2", text: "hello", voice: SpeechVoice(language: "xx-nowhere"))])
        }
    }

    @Test func theVersionIsEspeakNGs() {
        #expect(SpeechSynthesizer.version.first?.isNumber == true)
        #expect(SpeechSynthesizer.version.contains("."))
    }
}
