import Foundation
import TestSupport
import Testing

/// Every "a listener would hear" claim of `check` is held against a measure this project did
/// not write: ffmpeg's `astats` RMS level over the very window the claim names, in the golden
/// soundtrack and in the run's. A change a listener would not hear makes no claim.
@Suite struct SoundClaimTests {
    /// A golden folder of one princess scene, `name`, whose scene file is the repository's
    /// with `change` made, and whose golden trace and soundtrack are the repository's.
    func folder(scene name: String, replacing old: String, with new: String) throws -> URL {
        let folder = URL(fileURLWithPath: try makeTemporaryFolder())
        let text = try String(contentsOf: RepositoryRoot.url.appendingPathComponent("Scenes/princess/\(name).yaml"), encoding: .utf8)
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        for file in ["trace.jsonl", "sound.flac"] {
            try FileManager.default.copyItem(at: RepositoryRoot.url.appendingPathComponent("Golden/princess/\(name)/\(file)"),
                                             to: folder.appendingPathComponent("\(name)/\(file)"))
        }
        try "version: 1\nscenes:\n  - {name: \(name), scene: scene.yaml, size: 640x360, frames: [0]}\n"
            .write(to: folder.appendingPathComponent("manifest.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// ffmpeg's RMS level (dB) of `path` over `window` (seconds, cut at the same samples as `check`).
    func ffmpegLevel(_ path: String, _ window: [Double]) throws -> Double {
        let first = Int((window[0] * 48_000).rounded()), last = Int((window[1] * 48_000).rounded())
        let result = try Subprocess.run("/usr/bin/env", ["ffmpeg", "-hide_banner", "-nostats", "-i", path, "-af",
                                                         "atrim=start_sample=\(first):end_sample=\(last),astats=measure_perchannel=none:measure_overall=RMS_level",
                                                         "-f", "null", "-"], timeout: 60)
        let line = try #require(result.standardError.split(separator: "\n").first { $0.contains("RMS level dB:") }, "\(result.standardError)")
        return try #require(Double(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)))
    }

    /// The sound differences of the report's results.json: kind, words, window and change.
    func claims(_ report: String) throws -> [[String: Any]] {
        let data = try #require(FileManager.default.contents(atPath: report + "/results.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let scenes = try #require(root["scenes"] as? [[String: Any]])
        return scenes.flatMap { (($0["run"] as? [String: Any])?["sound"] as? [String: Any])?["differences"] as? [[String: Any]] ?? [] }
    }

    /// One princess moved 20 px: her sounds pan a little, no cue starts, stops or changes
    /// loudness. No claim; and ffmpeg finds the window once called "2.8 dB louder" unchanged.
    @Test func aMovedPrincessMakesNoSoundClaim() throws {
        let folder = try folder(scene: "default", replacing: "position: [780, 610]", with: "position: [800, 610]")
        let report = folder.path + "/report"
        let check = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report, "--only", "traces,sound"])
        #expect(check.status == 1, "the trace says where she is now: \(check.standardOutput)\(check.standardError)")
        #expect(!check.standardOutput.contains("a listener would hear"), "\(check.standardOutput)")
        #expect(check.standardOutput.contains("sound (as a listener hears it) identical"), "\(check.standardOutput)")
        let run = folder.path + "/run.wav"
        #expect(try AriaRenderTool.run(["render", folder.path + "/scene.yaml", "-o", run]).status == 0)
        let window = [7.4167, 7.5167]
        let change = try ffmpegLevel(run, window) - ffmpegLevel(folder.path + "/default/sound.flac", window)
        #expect(abs(change) < 0.1, "ffmpeg: \(change) dB over \(window)")
    }

    /// The gestures scene with Crystal's tap moved next to Luna: her spawn refused, and her
    /// sounds with it. Each claim's loudness is ffmpeg's over the same window, to 0.05 dB, and
    /// each says a change beyond the tolerance (1 dB) in the direction ffmpeg measures.
    @Test func everyClaimAgreesWithFFmpeg() throws {
        let folder = try folder(scene: "gestures", replacing: "tap: {at: [980, 640], id: crystal}", with: "tap: {at: [700, 560], id: crystal}")
        let report = folder.path + "/report"
        let check = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report, "--only", "traces,sound"])
        #expect(check.status == 1, "\(check.standardOutput)\(check.standardError)")
        let claims = try claims(report)
        #expect(claims.count >= 3, "\(check.standardOutput)")
        for claim in claims {
            let words = claim["words"] as? String ?? ""
            let window = try #require(claim["window"] as? [Double], "every claim names its window: \(claim)")
            let said = try #require(claim["change"] as? Double)
            let measured = try ffmpegLevel(report + "/gestures/sound_actual.wav", window) - ffmpegLevel(report + "/gestures/sound_golden.flac", window)
            if measured.isFinite { #expect(abs(measured - said) < 0.05, "\(words): ffmpeg \(measured) dB, check \(said) dB") }
            switch claim["kind"] as? String {
            case "missing": #expect(measured < -1, "\(words): ffmpeg \(measured) dB")
            case "added": #expect(measured > 1, "\(words): ffmpeg \(measured) dB")
            default: break
            }
            if let range = words.range(of: #"[0-9.]+ dB (louder|quieter)"#, options: .regularExpression) {
                let parts = words[range].split(separator: " ")
                let amount = try #require(Double(parts[0]))
                #expect(abs(abs(measured) - amount) <= 0.051 && amount > 1, "\(words): ffmpeg \(measured) dB")
                #expect((parts[2] == "louder") == (measured > 0), "\(words): ffmpeg \(measured) dB")
            }
        }
    }
}
