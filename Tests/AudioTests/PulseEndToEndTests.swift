import Foundation
import Testing
@testable import Audio

/// Against a real PulseAudio daemon with a null sink, started by this suite with
/// scripts/pulse-daemon.sh. Serialized: they share the daemon. Every wait has a limit.
@Suite(.serialized) final class PulseEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    let folder = SignalMeasures.temporaryFolder("pulse")
    let sink = "aria_test_sink"
    var environment: [String: String] = [:]
    var server: String? { environment["PULSE_SERVER"] }

    init() throws {
        let result = try Subprocess.run(Self.root + "/scripts/pulse-daemon.sh", ["start", folder + "/daemon", sink], timeout: 30)
        for line in result.output.split(separator: "\n") where line.hasPrefix("export ") {
            let pair = line.dropFirst(7).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { environment[String(pair[0])] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
        }
        if result.status != 0 { Issue.record("the PulseAudio daemon did not start: \(result.error)") }
    }

    deinit {
        _ = try? Subprocess.run(Self.root + "/scripts/pulse-daemon.sh", ["stop", folder + "/daemon"], timeout: 15)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The built tool, beside the test bundle.
    static var tool: String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("aria-render").path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : root + "/.build/debug/aria-render"
    }

    @Test func aCuePlayedThroughTheSpeakerIsHeardOnTheMonitorAtItsTime() throws {
        try #require(server != nil)
        let microphone = try PulseMicrophone(server: server, device: sink + ".monitor")
        let speaker = try PulseSpeaker(server: server, device: sink)
        let player = CuePlayer(output: speaker)

        // Record on this thread, stamping each block with when it arrived.
        let clock = ContinuousClock()
        let started = clock.now
        player.schedule(SoundCue(time: 0.5, effect: .sparkle))
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
        // Room noise with two claps, 0.8 s apart.
        var track = ClapCorpus.roomNoise(seconds: 2.5, rms: 0.003, seed: 99)
        ClapCorpus.mix(ClapCorpus.clap(peakRMS: 0.25, decay: 0.008, seed: 1), into: &track, at: 0.6)
        ClapCorpus.mix(ClapCorpus.clap(peakRMS: 0.15, decay: 0.006, seed: 2), into: &track, at: 1.4)
        let path = folder + "/claps.wav"
        let writer = try WAVWriter(path: path, sampleRate: 48_000, channels: 1)
        try writer.write(track)
        try writer.finish()

        let listen = try Subprocess.start(Self.tool, ["listen", "--device", sink + ".monitor", "--json", "--duration", "6"], environment: environment)
        Thread.sleep(forTimeInterval: 1.5)  // the tool connects and the stream settles
        let play = try Subprocess.run("paplay", ["--device=\(sink)", path], environment: environment, timeout: 15)
        #expect(play.status == 0, "paplay failed: \(play.error)")
        let result = listen.finish(timeout: 15)
        #expect(!result.timedOut, "listen did not stop after --duration")
        let text = result.output
        let events = text.split(separator: "\n").compactMap { line -> (Double, Double)? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Double],
                  let time = object["time"], let strength = object["strength"] else { return nil }
            return (time, strength)
        }
        print("listen heard: \(text.replacingOccurrences(of: "\n", with: " "))")
        #expect(result.status == 0, "listen failed: \(result.error)")
        try #require(events.count == 2, "expected two claps, got: \(text)")
        #expect(abs((events[1].0 - events[0].0) - 0.8) <= 0.03)
        #expect(events.allSatisfy { $0.1 > 15 })
    }

    @Test func aMissingDeviceBlamesTheDeviceNotTheServer() throws {
        try #require(server != nil)
        let result = try Subprocess.run(Self.tool, ["listen", "--device", "no-such-source", "--duration", "1"],
                                        environment: environment, timeout: 15)
        #expect(result.status == 3)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("has no such device (opening capture from no-such-source)") == true, "\(result.error)")
    }

    @Test func anAbsentServerIsOneLineAndExit3() throws {
        let result = try Subprocess.run(Self.tool, ["listen", "--device", "nothing.monitor", "--duration", "1"],
                                        environment: ["PULSE_SERVER": "unix:\(folder)/no-such-socket"], timeout: 15)
        #expect(result.status == 3)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("aria-render: PulseAudio server") == true)
        #expect(throws: PulseError.self) { try PulseSpeaker(server: "unix:\(folder)/no-such-socket") }
    }
}

private extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
