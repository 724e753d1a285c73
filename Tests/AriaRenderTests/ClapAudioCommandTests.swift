import Audio
import Foundation
import TestSupport
import Testing

/// `simulate` and `render` with the claps of a recording (`clap_audio`, `--clap-audio`), run as
/// a subprocess: the microphone → clap → jump chain, deterministic end to end.
@Suite struct ClapAudioCommandTests {
    static let scene = RepositoryRoot.path + "/Scenes/princess/clapping-crowd.yaml"
    static let recording = RepositoryRoot.path + "/Scenes/recordings/clapping-crowd.wav"
    /// The recording's clap onsets (the corpus's truth, as in ClapRecordingTests).
    static let onsets = [0.3913, 0.6598, 0.9041, 1.1443, 1.3909, 1.6523, 1.8961, 2.1475,
                         2.3941, 2.6578, 2.8923, 3.1480, 3.3903, 3.6524, 3.8925, 4.1524]
    /// One simulation step of the scene (60 Hz): a clap is taken at the first step at or after it.
    static let step = 1.0 / 60

    private func trace(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func theScenesRecordingIsHeardAsMicClapsEveryOtherOneRefused() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try AriaRenderTool.run(["simulate", Self.scene, "--trace", "trace.jsonl"], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("recording    16 claps heard in \(Self.recording)"))
        #expect(outcome.standardOutput.contains("claps        8"))
        #expect(outcome.standardOutput.contains("refused      cooldown 8"))

        let claps = try trace(folder + "/trace.jsonl").filter {
            $0["event"] as? String == "clap" || ($0["event"] as? String == "refused" && $0["input"] as? String == "clap")
        }
        #expect(claps.count == Self.onsets.count)
        for (index, (line, onset)) in zip(claps, Self.onsets).enumerated() {
            let time = try #require((line["t"] as? NSNumber)?.doubleValue)
            #expect(time >= onset - 0.005 && time <= onset + Self.step + 0.005, "clap \(index) at \(time) s, onset \(onset) s")
            #expect(line["source"] as? String == "mic")
            // The default cooldown (0.4 s) against claps 0.25 s apart: a jump on every other clap.
            if index % 2 == 0 {
                #expect(line["event"] as? String == "clap" && line["characters"] as? Int == 4, "\(line)")
            } else {
                #expect(line["event"] as? String == "refused" && line["reason"] as? String == "cooldown", "\(line)")
            }
        }
    }

    @Test func clapAudioOverridesTheScenes() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The default scene has no recording; given one, it hears its claps.
        let outcome = try AriaRenderTool.run(["simulate", "--clap-audio", Self.recording, "--trace", "trace.jsonl"], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("recording    16 claps heard in \(Self.recording)"))
        let mic = try trace(folder + "/trace.jsonl").filter { $0["source"] as? String == "mic" }
        #expect(mic.count == 16)
        // Without one, no line says so.
        let plain = try AriaRenderTool.run(["simulate"], in: folder)
        #expect(plain.status == 0 && !plain.standardOutput.contains("recording"))
    }

    @Test(arguments: ["simulate", "render"])
    func aMissingRecordingIsBadInputInOneLine(command: String) throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let extra = command == "render" ? ["--frame", "0", "-o", "out/frame.png"] : ["--frames", "0-3"]
        let outcome = try AriaRenderTool.run([command, Self.scene, "--clap-audio", "missing.wav"] + extra, in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "aria-render: clap audio: cannot read missing.wav: No such file or directory\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))

        // A file that is not a WAV, and a scene whose own clap_audio is missing, the same way.
        try "not a recording".write(toFile: folder + "/notes.wav", atomically: true, encoding: .utf8)
        let notWAV = try AriaRenderTool.run([command, Self.scene, "--clap-audio", "notes.wav"] + extra, in: folder)
        #expect(notWAV.status == 2)
        #expect(notWAV.standardError == "aria-render: clap audio: notes.wav: not a WAV file (no RIFF/WAVE header)\n")
        try "version: 1\nduration: 1\nclap_audio: gone.wav\n".write(toFile: folder + "/scene.yaml", atomically: true, encoding: .utf8)
        let gone = try AriaRenderTool.run([command, "scene.yaml"] + extra, in: folder)
        #expect(gone.status == 2)
        #expect(gone.standardError.hasPrefix("aria-render: clap audio: cannot read /"))
        #expect(gone.standardError.hasSuffix("/gone.wav: No such file or directory\n"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test func renderingTheChainTwiceGivesTheSameBytes() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = [Self.scene, "--size", "320x180", "--frames", "10-24", "--json"]
        let first = try AriaRenderTool.run(["render"] + arguments + ["-o", "first/"], in: folder)
        #expect(first.status == 0, "\(first.standardError)")
        let json = try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any]
        #expect(json?["claps_heard"] as? Int == 16)
        #expect(json?["clap_audio"] as? String == Self.recording)
        #expect(first.standardError.contains("with 16 claps heard in \(Self.recording)"))
        let second = try AriaRenderTool.run(["render"] + arguments + ["-o", "second/"], in: folder)
        #expect(second.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/first").sorted()
        #expect(names.count == 15)
        for name in names {
            #expect(FileManager.default.contents(atPath: folder + "/first/" + name)
                == FileManager.default.contents(atPath: folder + "/second/" + name), "\(name)")
        }

        // The same scene without its recording stands still; given it with --clap-audio, it jumps the same.
        let text = try String(contentsOfFile: Self.scene, encoding: .utf8)
        let deaf = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("clap_audio:") }.joined(separator: "\n")
        try deaf.write(toFile: folder + "/deaf.yaml", atomically: true, encoding: .utf8)
        let still = try AriaRenderTool.run(["render", "deaf.yaml", "--size", "320x180", "--frame", "22", "-o", "still.png", "--quiet"], in: folder)
        #expect(still.status == 0, "\(still.standardError)")
        let heard = try AriaRenderTool.run(["render", "deaf.yaml", "--clap-audio", Self.recording, "--size", "320x180",
                                            "--frame", "22", "-o", "heard.png", "--quiet"], in: folder)
        #expect(heard.status == 0, "\(heard.standardError)")
        let jumping = FileManager.default.contents(atPath: folder + "/first/frame_00022.png")
        #expect(FileManager.default.contents(atPath: folder + "/still.png") != jumping)
        #expect(FileManager.default.contents(atPath: folder + "/heard.png") == jumping)
    }

    @Test func theSoundtrackHoldsTheScenesSoundsNotTheRecording() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try AriaRenderTool.run(["render", Self.scene, "-o", "sound.wav", "--quiet"], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let reader = try WAVReader(path: folder + "/sound.wav")
        #expect(reader.sampleRate == 48_000 && reader.channels == 2)
        let samples = reader.readAll()
        let firstClap = Int(Self.onsets[0] * 48_000) * 2
        // The recording's room noise and claps are not there: silence until the first jump.
        #expect(samples[..<firstClap].allSatisfy { $0 == 0 })
        // The jumps' own sound is.
        #expect(samples[firstClap...].contains { abs($0) > 0.05 })
    }

    /// A group applauding, in real recordings of the clap corpus (`scripts/clap-corpus/`, built
    /// by `make test` into `.build/clap-corpus`): the princesses jump at least once in every
    /// second of the applause (the clap cooldown applies), and never in the room's quiet
    /// around it: a few people, a stadium, and dense applause of a large audience, where no
    /// clap stands out and the detector hears the group as a whole (docs/clap-corpus.md).
    @Test func aGroupApplaudingMakesThePrincessesJumpEverySecond() throws {
        struct Item: Decodable { var file: String; var category: String; var source: String; var spans: [[Double]]? }
        struct Truth: Decodable { var items: [Item] }
        let corpus = ProcessInfo.processInfo.environment["ARIA_CLAP_CORPUS"] ?? RepositoryRoot.path + "/.build/clap-corpus"
        let data = try #require(FileManager.default.contents(atPath: corpus + "/truth.json"),
                                "no clap corpus at \(corpus): run scripts/clap-corpus/build.sh \(corpus) (make test does)")
        let groups = try JSONDecoder().decode(Truth.self, from: data).items
            .filter { $0.category == "applause" }
        #expect(groups.count >= 4)
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The crowd scene, ten seconds long, hearing only what the recording given to it holds.
        let text = try String(contentsOfFile: Self.scene, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("clap_audio:") }
            .map { $0 == "duration: 6" ? "duration: 10" : String($0) }.joined(separator: "\n")
        try text.write(toFile: folder + "/room.yaml", atomically: true, encoding: .utf8)
        for item in groups {
            let span = try #require(item.spans?.first)
            let outcome = try AriaRenderTool.run(["simulate", "room.yaml", "--clap-audio", corpus + "/" + item.file,
                                                  "--trace", "trace.jsonl"], in: folder)
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let mic = try trace(folder + "/trace.jsonl").filter { $0["source"] as? String == "mic" }
            let jumps = mic.filter { $0["event"] as? String == "clap" }.compactMap { ($0["t"] as? NSNumber)?.doubleValue }
            let heard = mic.compactMap { ($0["t"] as? NSNumber)?.doubleValue }
            print("\(item.source): jumps at " + jumps.map { String(format: "%.2f", $0) }.joined(separator: " ")
                  + String(format: " (applause %.2f-%.2f s, %d claps heard)", span[0], span[1], heard.count))
            for second in 0..<Int(span[1] - span[0]) {
                let start = span[0] + Double(second)
                #expect(jumps.contains { $0 >= start && $0 < start + 1 }, "\(item.source): a jump in \(start)-\(start + 1) s")
            }
            #expect(heard.allSatisfy { $0 >= span[0] && $0 <= span[1] + Self.step }, "\(item.source): nothing heard while nobody claps")
            #expect(jumps.count >= Int(span[1] - span[0]))
        }
    }
}
