import Foundation
import TestSupport
import Testing
@testable import Audio

/// Against a real PulseAudio daemon with a null sink, started by this suite (`PulseFixture`,
/// scripts/pulse-daemon.sh). Serialized: they share the daemon. Every wait has a limit.
@Suite(.serialized) final class PulseEndToEndTests {
    let folder = SignalMeasures.temporaryFolder("pulse")
    let sink = "aria_test_sink"
    /// The daemon; nil when it did not start (recorded as an issue; the tests that need it stop).
    let pulse: PulseFixture?
    var environment: [String: String] { pulse?.environment ?? [:] }
    var server: String? { pulse?.server }

    init() {
        do {
            pulse = try PulseFixture(sink: sink)
        } catch {
            Issue.record("\(error)")
            pulse = nil
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test func aCuePlayedThroughTheSpeakerIsHeardOnTheMonitorAtItsTime() throws {
        try #require(server != nil)
        let microphone = try PulseMicrophone(server: server, device: sink + ".monitor")
        let speaker = try PulseSpeaker(server: server, device: sink)
        let player = CuePlayer(output: speaker, bank: .cueSounds)

        // Record on this thread, stamping each block with when it arrived.
        let clock = ContinuousClock()
        let started = clock.now
        player.schedule(SoundCue(time: 0.5, sound: .chime))
        player.start()
        var samples: [Float] = []
        var arrivals: [(end: Int, at: Double)] = []
        while clock.now - started < .seconds(1.5) {
            samples += try microphone.read()
            arrivals.append((samples.count, (clock.now - started).seconds))
        }
        player.stop()

        // The chime (E7, 2637 Hz) is there after its time and nothing is there before.
        let onset = try #require(SignalMeasures.firstAbove(samples, 0.01), "the cue was not heard on the monitor")
        #expect(SignalMeasures.tonePower(samples[onset..<(onset + 4_800)], frequency: 2_637, sampleRate: 48_000) > 1e-4)
        #expect(SignalMeasures.rms(samples[0..<max(1, onset - 480)]) < 1e-3)
        // When it was heard: the block holding it arrived at `at`; the onset was earlier by the rest of the block.
        let block = try #require(arrivals.first { $0.end > onset })
        let heardAt = block.at - Double(block.end - onset) / 48_000
        let delay = heardAt - 0.5
        print("cue heard \(Int(delay * 1_000)) ms after its time (speaker latency \(Int(speaker.latency * 1_000)) ms, including 10 ms capture blocks)")
        #expect(delay > -0.01)
        #expect(delay < 0.05 + 0.03)  // the speaker's 50 ms, plus the capture path's 10 ms blocks and scheduling
    }

    @Test func aClapPlayedWithPaplayIsReportedByListen() throws {
        try #require(server != nil)
        // Room noise with two claps, 0.8 s apart. The room is already noisy when the tool
        // starts listening, as a real one is: a stream that begins on digital silence and
        // jumps to noise (the playback starting) is a sudden sound, not the room.
        var track = ClapCorpus.roomNoise(seconds: 5, rms: 0.003, seed: 99)
        ClapCorpus.mix(ClapCorpus.clap(peakRMS: 0.25, decay: 0.008, seed: 1), into: &track, at: 2.8)
        ClapCorpus.mix(ClapCorpus.clap(peakRMS: 0.15, decay: 0.006, seed: 2), into: &track, at: 3.6)
        let path = folder + "/claps.wav"
        let writer = try WAVWriter(path: path, sampleRate: 48_000, channels: 1)
        try writer.write(track)
        try writer.finish()

        let player = try #require(pulse)
        let played = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do { try player.play(path) } catch { Issue.record("paplay: \(error)") }
            played.signal()
        }
        // The room's noise is playing: paplay's stream runs the sink.
        try waitFor("paplay to play into \(sink)", within: 10) { player.sinkState() == "RUNNING" }
        let listen = try AriaRenderTool.start(["listen", "--mic", sink + ".monitor", "--json", "--duration", "6"], environment: environment)
        played.wait()
        let status = listen.finish(timeout: 15)
        #expect(!listen.timedOut, "listen did not stop after --duration")
        let text = listen.standardOutput
        let events = text.split(separator: "\n").compactMap { line -> (Double, Double)? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Double],
                  let time = object["time"], let strength = object["strength"] else { return nil }
            return (time, strength)
        }
        print("listen heard: \(text.replacingOccurrences(of: "\n", with: " "))")
        #expect(status == 0, "listen failed: \(listen.standardError)")
        try #require(events.count == 2, "expected two claps, got: \(text)")
        #expect(abs((events[1].0 - events[0].0) - 0.8) <= 0.03)
        #expect(events.allSatisfy { $0.1 > 15 })
    }

    @Test func aMissingDeviceBlamesTheDeviceNotTheServer() throws {
        try #require(server != nil)
        let result = try AriaRenderTool.run(["listen", "--mic", "no-such-source", "--duration", "1"],
                                            environment: environment, timeout: 15)
        #expect(result.status == 3)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("has no such device (opening capture from no-such-source)") == true, "\(result.standardError)")
    }

    @Test func anAbsentServerIsOneLineAndExit3() throws {
        let result = try AriaRenderTool.run(["listen", "--mic", "nothing.monitor", "--duration", "1"],
                                            environment: ["PULSE_SERVER": "unix:\(folder)/no-such-socket"], timeout: 15)
        #expect(result.status == 3)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("aria-render: PulseAudio server") == true)
        #expect(throws: PulseError.self) { try PulseSpeaker(server: "unix:\(folder)/no-such-socket") }
    }
}

private extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
