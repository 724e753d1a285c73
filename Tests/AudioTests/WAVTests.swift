import Foundation
import TestSupport
import Testing
@testable import Audio

@Suite struct WAVTests {
    @Test func samplesSurviveAWriteAndARead() throws {
        let folder = SignalMeasures.temporaryFolder("wav")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/round.wav"
        let samples: [Float] = (0..<2_000).map { Float(sin(Double($0) * 0.05)) * 0.8 } + [1.5, -1.5, 0, 1]
        let writer = try WAVWriter(path: path, sampleRate: 44_100, channels: 2)
        try writer.write(Array(samples[0..<1_000]))
        try writer.write(Array(samples[1_000...]))
        try writer.finish()

        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(size == 44 + samples.count * 2)
        let reader = try WAVReader(path: path)
        #expect(reader.sampleRate == 44_100 && reader.channels == 2)
        let back = reader.readAll()
        #expect(back.count == samples.count)
        for (a, b) in zip(samples, back) {
            #expect(abs(max(-1, min(1, a)) - b) <= 2.0 / 32_768)
        }
    }

    @Test func soundtrackFileHasTheRightLengthAndTheCueAtItsTime() throws {
        let folder = SignalMeasures.temporaryFolder("track")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/track.wav"
        let cues = [SoundCue(time: 1.25, sound: .chime), SoundCue(time: 9, sound: .boing)]
        try writeSoundtrack(cues: cues, bank: .cueSounds, from: 1.0, duration: 2.0, volume: 1, enabled: true, to: path)
        let samples = try WAVReader(path: path).readAll()
        #expect(samples.count == 96_000 * 2)
        let left = SignalMeasures.channel(samples, 0)
        // The sparkle starts 0.25 s into the slice, within a sample.
        let onset = SignalMeasures.firstAbove(left, 1.0 / 32_768) ?? -1
        #expect(abs(onset - 12_000) <= 2)
        // Its chime frequency (E7) is there.
        #expect(SignalMeasures.tonePower(left[12_000..<16_800], frequency: 2_637, sampleRate: 48_000) > 1e-4)

        try writeSoundtrack(cues: cues, bank: .cueSounds, from: 1.0, duration: 2.0, volume: 1, enabled: false, to: path)
        #expect(try WAVReader(path: path).readAll().allSatisfy { $0 == 0 })
    }

    @Test func aStreamedHeaderWithoutSizesIsReadToTheEnd() throws {
        let folder = SignalMeasures.temporaryFolder("streamed")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/s.wav"
        let writer = try WAVWriter(path: path, sampleRate: 22_050, channels: 1)
        try writer.write([Float](repeating: 0.25, count: 500))
        // Never finished: the header still says 0 bytes of data, as a streamed recording does.
        try writer.write([])
        let copy = folder + "/copy.wav"
        try? FileManager.default.copyItem(atPath: path, toPath: copy)
        withExtendedLifetime(writer) {}
        _ = try? writer.finish()
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes.replaceSubrange(40..<44, with: [0xFF, 0xFF, 0xFF, 0xFF])
        try Data(bytes).write(to: URL(fileURLWithPath: copy))
        let samples = try WAVReader(path: copy).readAll()
        #expect(samples.count == 500)
        #expect(abs(samples[10] - 0.25) < 1e-3)
    }

    @Test func badFilesAreOneClearError() throws {
        let folder = SignalMeasures.temporaryFolder("bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: AudioFileError.self) { try WAVReader(path: folder + "/missing.wav") }
        try Data("hello, not a wav".utf8).write(to: URL(fileURLWithPath: folder + "/text.wav"))
        #expect(throws: AudioFileError.self) { try WAVReader(path: folder + "/text.wav") }
        #expect(throws: AudioFileError.self) { try WAVWriter(path: folder + "/no/such/folder/x.wav") }
    }
}
