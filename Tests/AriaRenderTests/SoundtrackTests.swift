import Foundation
import TestSupport
import Testing

/// The sound of `render`: an AAC track in the MP4 found by ffprobe and heard by decoding it,
/// the WAV soundtrack alone, its slices, and `--no-sound` (and its old spelling `--no-audio`, with a notice).
@Suite struct SoundtrackTests {
    /// The audio of `path` as mono 16-bit samples at 48 kHz, decoded by ffmpeg.
    func decodedSound(_ path: String) throws -> [Int16] {
        let data = try MediaProbe.output(of: "ffmpeg", ["-v", "error", "-i", path, "-f", "s16le", "-ac", "1", "-ar", "48000", "-"])
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    func rms(_ samples: [Int16], from start: Double, to end: Double) -> Double {
        let first = max(0, Int(start * 48000)), last = min(samples.count, Int(end * 48000))
        guard last > first else { return 0 }
        let sum = samples[first..<last].reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(last - first)).squareRoot()
    }

    func streams(_ path: String) throws -> [String] {
        let text = String(decoding: try MediaProbe.output(of: "ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,duration", "-of", "csv=p=0", path]), as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }

    @Test func theMP4CarriesTheSoundOfItsCuesAtTheirTimes() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        // One princess, quiet until she jumps at 2 s.
        let scene = folder.appendingPathComponent("jump.yaml").path
        try """
        version: 1
        canvas: {width: 640, height: 360, frame_rate: 30}
        duration: 4
        characters:
          - {id: rosie, kind: rosie, position: [320, 300]}
        timeline:
          - {time: 2.0, action: {kind: jump, target: rosie}}
        """.write(toFile: scene, atomically: true, encoding: .utf8)
        let video = folder.appendingPathComponent("scene.mp4").path, trace = folder.appendingPathComponent("trace.jsonl").path
        let outcome = try AriaRenderTool.run(["render", scene, "-o", video, "--trace", trace, "--quiet"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let found = try streams(video)
        #expect(found.contains { $0.hasPrefix("aac,") }, "\(found)")
        let audioDuration = found.first { $0.hasPrefix("aac,") }.flatMap { Double($0.split(separator: ",")[1]) } ?? 0
        #expect(abs(audioDuration - 4) < 0.05)

        let cues = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["event"] as? String == "sound" }
        #expect(cues.map { $0["sound"] as? String } == ["jump"])
        let time = try #require(cues.first?["t"] as? Double)
        let sound = try decodedSound(video)
        let before = rms(sound, from: time - 0.5, to: time - 0.05), during = rms(sound, from: time, to: time + 0.2)
        #expect(during > 300 && during > before * 20, "the jump at \(time): \(before) before, \(during) during")
    }

    @Test func noAudioLeavesTheTrackOut() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        let video = folder.appendingPathComponent("silent.mp4").path
        let outcome = try AriaRenderTool.run(["render", "--size", "160x90", "--frames", "0-29", "--no-sound", "-o", video, "--quiet"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try streams(video).map { String($0.prefix(4)) } == ["h264"])
    }

    @Test func aWavIsTheSoundtrackAloneAndAPartialRenderCarriesItsSlice() throws {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        let full = folder.appendingPathComponent("full.wav").path, part = folder.appendingPathComponent("part.wav").path
        #expect(try AriaRenderTool.run(["render", "-o", full, "--quiet"]).status == 0)
        #expect(try AriaRenderTool.run(["render", "--frames", "150-239", "-o", part, "--quiet"]).status == 0)
        let whole = try decodedSound(full), slice = try decodedSound(part)
        #expect(whole.count == 480_000)
        #expect(slice.count == 144_000, "90 frames at 30 fps are 3 s")
        let matching = whole[240_000..<384_000]
        let largest = zip(matching, slice).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 2, "the slice is the same sound as the same seconds of the whole")
        #expect(rms(slice, from: 0, to: 3) > 100, "and it is not silence")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["full.wav", "part.wav"])
    }
}
