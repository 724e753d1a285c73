import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Sound that fails lets play go on silently (the platform document): with no PulseAudio at all, or
/// with a real PulseAudio daemon killed mid-run, the demo keeps drawing frames, traces the
/// failure once (`game_error`, `reason` `audio_failed`) and stops cleanly.
@Suite(.serialized) final class DemoSoundOutageTests {
    let folder = demoTemporaryFolder("sound-outage")

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    private func pngs(_ frames: String) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: frames)) ?? []).filter { $0.hasSuffix(".png") }.count
    }

    private func audioFailures(_ trace: String) -> [[String: Any]] {
        DemoTraceFile.events(trace).filter { $0["event"] as? String == "game_error" && $0["reason"] as? String == "audio_failed" }
    }

    /// Waits up to `seconds` for `condition`, polling.
    private func poll(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = monotonicSeconds() + seconds
        while !condition() {
            if monotonicSeconds() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }

    @Test func aPulseAudioDaemonKilledMidRunIsTracedOnceAndTheFramesGoOn() throws {
        let pulse = try PulseFixture(sink: "aria_outage_speaker")
        let scene = folder + "/five.yaml", trace = folder + "/killed.jsonl", frames = folder + "/killed-frames"
        try DemoTool.writeFivePrincesses(to: scene)
        let demo = try DemoTool.start([scene, "--output", frames, "--window", "160x90", "--fps", "10", "--no-mic",
                                       "--speaker", pulse.sink, "--trace", trace],
                                      environment: pulse.environment.merging(["DISPLAY": ""]) { $1 })
        try #require(demo.waitForError("speaker: playing to \(pulse.sink)", timeout: 15), "\(demo.standardError)")
        #expect(poll(10) { self.pngs(frames) >= 5 }, "no frames: \(demo.standardError)")
        #expect(audioFailures(trace).isEmpty, "a failure traced while the speaker played")

        try pulse.killHard()
        #expect(demo.waitForError("speaker: lost PulseAudio playback", timeout: 10), "\(demo.standardError)")
        #expect(poll(5) { !self.audioFailures(trace).isEmpty }, "the loss was not traced")
        let afterLoss = pngs(frames)
        // Frames keep coming without sound, and the retries add no lines.
        #expect(poll(10) { self.pngs(frames) >= afterLoss + 15 }, "the frames stopped: \(demo.standardError)")
        #expect(demo.isRunning)
        let failures = audioFailures(trace)
        #expect(failures.count == 1, "\(failures)")
        #expect((failures.first?["detail"] as? String)?.contains("lost PulseAudio playback") == true)

        demo.send(SIGTERM)
        #expect(demo.finish(timeout: 10) == 0, "\(demo.standardError)")
        #expect(DemoTraceFile.isComplete(trace))
        #expect(!demo.standardError.contains("Fatal error"))
    }

    @Test func noPulseAudioAtAllIsOneTraceLineAndASilentShow() throws {
        let scene = folder + "/five.yaml", trace = folder + "/absent.jsonl", frames = folder + "/absent-frames"
        try DemoTool.writeFivePrincesses(to: scene)
        let demo = try DemoTool.start([scene, "--output", frames, "--window", "160x90", "--fps", "10", "--no-mic",
                                       "--duration", "3", "--trace", trace],
                                      environment: ["DISPLAY": "", "PULSE_SERVER": "unix:\(folder)/no-such-socket"])
        #expect(demo.finish(timeout: 30) == 0, "\(demo.standardError)")
        #expect(pngs(frames) >= 20, "\(pngs(frames)) frames: \(demo.standardError)")
        #expect(audioFailures(trace).count == 1, "\(DemoTraceFile.events(trace).filter { $0["event"] as? String == "game_error" })")
        let lines = demo.standardError.split(separator: "\n")
        #expect(lines.filter { $0.contains("speaker: cannot play") }.count == 1, "\(lines)")
    }
}
