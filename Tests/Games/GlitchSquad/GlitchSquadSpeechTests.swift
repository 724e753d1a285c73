import Audio
import Catalogue
import Foundation
import GameKit
@testable import GlitchSquadGame
import Speech
import TestSupport
import Testing
import Trace

/// Pixel's voice: every line he says is a `speech` line of the trace with its text, cued as its
/// sound, and heard in the soundtrack — the samples espeak-ng speaks in his robot voice, found
/// again in the rendered WAV; silent, and still traced, with sound off.
@Suite struct GlitchSquadSpeechTests {
    @Test func everyLineIsInTheTraceWithItsSound() throws {
        let opened = try Catalogue.games.open(path: RepositoryRoot.path + "/Scenes/glitch-squad/mission-01.yaml")
        let run = try opened.makeRun(RunOptions())
        var trace = run.drainTrace()
        run.advance(toFrame: run.frameCount - 1)
        trace += run.drainTrace()
        let lines = trace.filter { $0.event == "speech" }
        #expect(lines.map { $0.text("text") } == [GlitchSquadSimulation.hookLine,
                                                  "My battery is almost empty! I need Red Energy! Find me an APPLE! You have 59 seconds!",
                                                  GlitchSquadSimulation.stabilizedLine])
        let bank = try opened.game.sounds(for: opened.scene, options: RunOptions())
        for line in lines {
            let sound = try #require(line.text("sound"))
            #expect(trace.contains { $0.event == "sound" && $0.text("sound") == sound && $0.t == line.t })
            // His voice is in the scene's bank: seconds of speech, not a click.
            let clip = try #require(bank.clip(.init(rawValue: sound)))
            #expect(Double(clip.count) / Double(bank.sampleRate) > 0.8)
        }
    }

    /// Mission 01's card and briefing say the scene's hunt (`hunt_seconds: 5` in time-out.yaml),
    /// never a fixed 60: the trace's line, the samples of the scene's bank (espeak-ng's own
    /// reading of that text), and the card's words read back by tesseract.
    @Test func theBriefingSaysTheScenesHuntSeconds() throws {
        let scene = RepositoryRoot.path + "/Scenes/glitch-squad/time-out.yaml"
        let opened = try Catalogue.games.open(path: scene)
        let run = try opened.makeRun(RunOptions())
        var trace = run.drainTrace()
        run.advance(toFrame: 200)
        trace += run.drainTrace()
        let line = "My battery is almost empty! I need Red Energy! Find me an APPLE! You have 5 seconds!"
        #expect(trace.filter { $0.event == "speech" && $0.text("sound") == "speech_briefing_1" }.map { $0.text("text") } == [line])
        let bank = try opened.game.sounds(for: opened.scene, options: RunOptions())
        let clip = try #require(bank.clip("speech_briefing_1"))
        let spoken = try SpeechSynthesizer.samples(of: line, voice: GlitchSquadVoice.pixel, sampleRate: bank.sampleRate)
        #expect(clip.count == spoken.count)
        #expect(Self.correlation(clip[...], spoken[...]) > 0.999)
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try AriaRenderTool.run(["render", scene, "--frame", "170", "-o", "card.png", "--quiet"], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let cut = try Subprocess.run("convert", [folder + "/card.png", "-crop", "720x100+0+845", "+repage", folder + "/prompt.png"], timeout: 60)
        #expect(cut.status == 0, "\(cut.standardError)")
        let read = try TextRecognition.read(png: folder + "/prompt.png", language: "eng")
        #expect(TextRecognition.letters(read) == TextRecognition.letters("Find me an APPLE! You have 5 seconds!"), "tesseract read: \(read)")
    }

    /// The correlation of two equally long signals, -1…1.
    static func correlation(_ a: ArraySlice<Float>, _ b: ArraySlice<Float>) -> Double {
        var ab = 0.0, aa = 0.0, bb = 0.0
        for (x, y) in zip(a, b) {
            ab += Double(x) * Double(y)
            aa += Double(x) * Double(x)
            bb += Double(y) * Double(y)
        }
        return ab / max(1e-12, (aa * bb).squareRoot())
    }

    @Test func theHooksLineIsHeardInTheSoundtrack() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try AriaRenderTool.run(["render", RepositoryRoot.path + "/Scenes/glitch-squad/mission-01.yaml", "--frames", "0-119",
                                              "-o", "hook.wav", "--quiet"], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let reader = try WAVReader(path: folder + "/hook.wav")
        let heard = reader.readMono(frames: Int.max / 4)
        let rate = reader.sampleRate
        // What espeak-ng speaks in Pixel's voice, cued at the end of the first step (1/60 s).
        let spoken = try SpeechSynthesizer.samples(of: GlitchSquadSimulation.hookLine, voice: GlitchSquadVoice.pixel, sampleRate: rate)
        let start = rate / 60
        // After the static (1.6 s) the soundtrack is his voice alone, sample for sample.
        let from = rate * 17 / 10, to = min(heard.count, start + spoken.count, rate * 4)
        try #require(to > from + rate, "the line is shorter than expected: \(spoken.count) samples")
        let correlation = Self.correlation(heard[from..<to], spoken[(from - start)..<(to - start)])
        #expect(correlation > 0.95, "the soundtrack is not his line: correlation \(correlation)")
        #expect(SignalMeasures.rms(heard[from..<to]) > 0.01)
    }

    @Test func withSoundOffHisWordsAreTracedButSilent() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try AriaRenderTool.run(["render", RepositoryRoot.path + "/Scenes/glitch-squad/give-up.yaml", "-o", "quiet.wav",
                                              "--trace", "trace.jsonl", "--quiet"], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let trace = try String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8)
        #expect(trace.contains("\"event\":\"speech\",\"text\":\"That's okay, Agent! We can try again any time.\""))
        #expect(!trace.contains("\"event\":\"sound\""))
        let heard = try WAVReader(path: folder + "/quiet.wav").readMono(frames: Int.max / 4)
        #expect(SignalMeasures.peak(heard) == 0)
    }
}
