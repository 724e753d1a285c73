import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `aria-render demo` live, against real parts started here: a private Xvfb for its window and
/// a private PulseAudio daemon whose null sink is both the demo's speaker and, through its
/// monitor, its microphone (a kiosk's room). Private, not the run's shared ones: the test
/// plays claps and kills servers, which must not reach other tests. Serialized: each test
/// takes seconds of real time and a share of the two cores.
@Suite(.serialized) final class DemoLiveTests {
    let folder = demoTemporaryFolder("live")

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    @Test func theKioskShowsEveryPrincessHearsClapsAndOutlivesPulseAudio() throws {
        let screen = try XvfbDisplay(width: 640, height: 360)
        let pulse = try PulseFixture(sink: "aria_demo_room")
        let scene = folder + "/five.yaml", clap = folder + "/clap.wav", trace = folder + "/trace.jsonl"
        try DemoTool.writeFivePrincesses(to: scene)
        try OneRealClap.write(to: clap)
        let recorder = try MonitorRecorder(server: pulse.server, device: pulse.sink + ".monitor")
        defer { recorder.stop() }

        let demo = try DemoTool.start([scene, "--window", "640x360", "--trace", trace, "--mic", pulse.sink + ".monitor",
                                       "--speaker", pulse.sink],
                                      environment: pulse.environment.merging(["DISPLAY": screen.display]) { $1 })
        try #require(demo.waitForError("microphone: listening to", timeout: 15), "\(demo.standardError)")
        let heardWhenListening = recorder.samplesHeard
        try #require(demo.waitForError("display: showing on", timeout: 15), "\(demo.standardError)")
        let origin = try #require(DemoTool.wallOrigin(in: demo.standardError))

        // The window shows the five princesses, each in her place (left to right), by her colours.
        let columns = try Self.columnsOnceEveryPrincessShows(on: screen)
        for (index, theme) in CharacterColours.themes.enumerated() {
            let xs = columns[theme.name] ?? []
            let expected = Double(180 + 235 * index) / 2
            #expect(xs.count >= 300, "\(theme.name): \(xs.count) pixels of her colour on the screen")
            let median = xs.isEmpty ? -1 : Double(xs.sorted()[xs.count / 2])
            #expect(abs(median - expected) < 40, "\(theme.name) is at x \(median), expected about \(expected)")
        }

        // A clap into the room, once the demo's stream has learned it (a quarter second of the
        // room's samples): every princess jumps within 100 ms of it reaching the microphone stream.
        try waitFor("half a second of the room on the monitor the demo listens to", within: 15) {
            recorder.samplesHeard - heardWhenListening >= recorder.sampleRate / 2
        }
        let first = try clapAndMeasure(clap, pulse: pulse, recorder: recorder, trace: trace, origin: origin, demo: demo)

        // PulseAudio dies and comes back: the demo says so, goes on, and hears the next clap.
        try pulse.killHard()
        #expect(demo.waitForError("microphone: lost PulseAudio capture", timeout: 10), "\(demo.standardError)")
        try pulse.start()
        #expect(demo.waitForError("PulseAudio capture is back", timeout: 15), "\(demo.standardError)")
        #expect(demo.isRunning)
        // The test's own recording starts anew on the restarted server: what is under test is
        // the demo's reconnection, not the recorder's (which once heard nothing here in 20 s).
        recorder.stop()
        let recorderAfter = try MonitorRecorder(server: pulse.server, device: pulse.sink + ".monitor")
        defer { recorderAfter.stop() }
        // A reconnected stream first learns the room (a quarter second of it, once its samples
        // flow, which on a loaded machine is a while after the message): clap once half a
        // second of the room has flowed on the restarted server.
        try waitFor("half a second of the room on the restarted PulseAudio", within: 20) {
            recorderAfter.samplesHeard >= recorderAfter.sampleRate / 2
        }
        // Clapping again (at most three, 2.5 s apart) if a loaded machine's new stream lost it:
        // what is proven is that claps are heard again, and as promptly.
        let second = try clapAndMeasure(clap, pulse: pulse, recorder: recorderAfter, trace: trace, origin: origin,
                                        demo: demo, attempts: 3)
        print("demo: clap to jump \(first.map { Int($0 * 1_000) }) ms, after PulseAudio restarted \(second.map { Int($0 * 1_000) }) ms")

        // Its own jump sounds, played into the same room, were never taken for claps.
        let micClaps = DemoTraceFile.events(trace).filter { $0["event"] as? String == "clap" }
        #expect(micClaps.count == 2, "claps heard: \(micClaps)")

        // SIGTERM: a clean stop, exit 0, every trace line whole.
        demo.send(SIGTERM)
        let status = demo.finish(timeout: 10)
        #expect(status == 0, "\(demo.standardError)")
        #expect(demo.standardError.contains("stopped by SIGTERM"))
        #expect(DemoTraceFile.isComplete(trace))
        #expect(!demo.standardError.contains("Fatal error"))
    }

    @Test func theXServerGoingAwayAndComingBackIsOneLineEachAndTheShowGoesOn() throws {
        let screen = try XvfbDisplay(width: 640, height: 360)
        let scene = folder + "/five.yaml", trace = folder + "/x-trace.jsonl"
        try DemoTool.writeFivePrincesses(to: scene)
        let demo = try DemoTool.start([scene, "--window", "640x360", "--no-sound", "--no-mic", "--trace", trace],
                                      environment: ["DISPLAY": screen.display])
        try #require(demo.waitForError("display: showing on", timeout: 15), "\(demo.standardError)")

        screen.stop()
        #expect(demo.waitForError("display: lost the X server on \(screen.display)", timeout: 10), "\(demo.standardError)")
        // The outage itself: a second without a server, for the demo to retry into (its length,
        // not a wait for something to happen).
        Thread.sleep(forTimeInterval: 1)
        try screen.start()
        #expect(demo.waitForError("display: showing on", count: 2, timeout: 15), "\(demo.standardError)")
        let columns = try Self.columnsOnceEveryPrincessShows(on: screen)
        for theme in CharacterColours.themes {
            #expect((columns[theme.name] ?? []).count >= 300, "\(theme.name) is not on the new screen")
        }
        #expect(demo.isRunning)

        // The simulation never waited for the screen: its steps kept up with the clock.
        demo.send(SIGINT)
        #expect(demo.finish(timeout: 10) == 0, "\(demo.standardError)")
        let events = DemoTraceFile.events(trace)
        #expect(DemoTraceFile.isComplete(trace))
        let lines = demo.standardError.split(separator: "\n")
        #expect(lines.filter { $0.contains("lost the X server") }.count == 1, "one line for the outage, not one per retry")
        let seconds = try #require(lines.last.flatMap { line in
            line.range(of: #"after [0-9.]+ s"#, options: .regularExpression).map { Double(line[$0].split(separator: " ")[1]) ?? 0 }
        })
        let steps = try #require(lines.last.flatMap { line in
            line.range(of: #"[0-9]+ steps"#, options: .regularExpression).map { Int(line[$0].split(separator: " ")[0]) ?? 0 }
        })
        #expect(abs(Double(steps) / 60 - seconds) < 0.1, "\(steps) steps in \(seconds) s")
        #expect(events.first?["event"] as? String == "loop")
    }

    @Test func aMicrophoneThatIsMissingAtFirstIsHeardOnceItIsPluggedIn() throws {
        let pulse = try PulseFixture(sink: "aria_demo_speaker")
        let scene = folder + "/five.yaml", clap = folder + "/clap.wav", trace = folder + "/late-trace.jsonl"
        try DemoTool.writeFivePrincesses(to: scene)
        try OneRealClap.write(to: clap)
        let demo = try DemoTool.start([scene, "--output", folder + "/late-frames", "--window", "160x90", "--fps", "5",
                                       "--mic", "late_mic.monitor", "--speaker", pulse.sink, "--trace", trace],
                                      environment: pulse.environment.merging(["DISPLAY": ""]) { $1 })
        #expect(demo.waitForError("microphone: cannot listen to late_mic.monitor", timeout: 10), "\(demo.standardError)")
        // The microphone stays missing for a second, for the demo to retry into (the outage's
        // length, not a wait for something to happen).
        Thread.sleep(forTimeInterval: 1)

        // The microphone is plugged in: a new source appears on the server.
        let load = try Subprocess.run("pactl", ["load-module", "module-null-sink", "sink_name=late_mic"], environment: pulse.environment,
                                      timeout: 20)
        #expect(load.status == 0, "\(load.standardError)")
        #expect(demo.waitForError("microphone: listening to late_mic.monitor", timeout: 10), "\(demo.standardError)")
        // A new null sink's monitor first sends its 2 s idle blocks: clap once samples flow.
        let listener = try MonitorRecorder(server: pulse.server, device: "late_mic.monitor")
        defer { listener.stop() }
        try waitFor("samples to flow from late_mic.monitor", within: 15) { listener.samplesHeard >= listener.sampleRate / 4 }

        // A clap, again (at most three, a second apart) if a loaded machine's new stream lost it:
        // what is proven is that the microphone plugged in late is heard at all.
        var claps: [[String: Any]] = []
        for _ in 0..<3 where claps.isEmpty {
            try pulse.play(clap, device: "late_mic")
            waitUntil(every: 0.1, timeout: 2) {
                claps = DemoTraceFile.events(trace).filter { $0["event"] as? String == "clap" && $0["source"] as? String == "mic" }
                return !claps.isEmpty
            }
        }
        #expect(claps.count == 1, "\(demo.standardError)")
        demo.send(SIGTERM)
        #expect(demo.finish(timeout: 10) == 0)
        let lines = demo.standardError.split(separator: "\n")
        #expect(lines.filter { $0.contains("microphone: cannot listen") }.count == 1, "one line while it was missing: \(lines)")
    }

    /// The columns of each princess's colours on `screen`, once every princess shows (at most
    /// 15 s); the last screenshot's when one never does, for the checks to say who is missing.
    private static func columnsOnceEveryPrincessShows(on screen: XvfbDisplay) throws -> [String: [Int]] {
        var columns: [String: [Int]] = [:]
        try waitUntil(every: 0.1, timeout: 15) {
            columns = CharacterColours.columns(in: try screen.screenshot(), width: screen.width)
            return CharacterColours.themes.allSatisfy { (columns[$0.name] ?? []).count >= 300 }
        }
        return columns
    }

    /// Plays the clap into the room (up to `attempts` times while none is heard) and returns,
    /// per princess, the seconds from the clap reaching the microphone stream (measured by the
    /// test's own recording of the same monitor) to her jump starting (the trace's wall time, on
    /// the same monotonic clock).
    private func clapAndMeasure(_ clap: String, pulse: PulseFixture, recorder: MonitorRecorder, trace: String,
                                origin: Double, demo: Subprocess, attempts: Int = 1) throws -> [Double] {
        var before = monotonicSeconds()
        let clapsBefore = DemoTraceFile.events(trace).filter { $0["event"] as? String == "clap" }.count
        var events: [[String: Any]] = []
        var clapIndex: Int?
        for _ in 0..<attempts where clapIndex == nil {
            before = monotonicSeconds()
            try pulse.play(clap)
            // A clap is decided within a tenth of a second; a retry waits well past that.
            waitUntil(every: 0.1, timeout: attempts > 1 ? 2.5 : 5) {
                events = DemoTraceFile.events(trace)
                let claps = events.indices.filter { events[$0]["event"] as? String == "clap" }
                if claps.count > clapsBefore { clapIndex = claps[clapsBefore] }
                return clapIndex != nil
            }
        }
        let index = try #require(clapIndex, "no clap in the trace; the demo said: \(demo.standardError)")
        #expect(events[index]["source"] as? String == "mic")
        #expect(events[index]["characters"] as? Int == 5)
        let onset = try #require(recorder.soundOnsets.first { $0 > before }, "the test's own recording did not hear the clap")
        let jumps = events[index...].prefix(16).filter { $0["event"] as? String == "action_start" && $0["cause"] as? String == "clap" }
        #expect(Set(jumps.compactMap { $0["character"] as? String }) == ["sparkle", "luna", "rosie", "crystal", "willow"])
        let latencies = jumps.compactMap { ($0["wall"] as? Double).map { origin + $0 - onset } }
        for latency in latencies {
            #expect(latency < 0.1, "a princess jumped \(Int(latency * 1_000)) ms after the clap reached the stream")
            #expect(latency > -0.01, "a jump before the clap: the clocks do not line up")
        }
        // The demo's own account of the onset agrees with the test's recording.
        if let heard = events[index]["onset"] as? Double {
            #expect(abs(origin + heard - onset) < 0.03)
        }
        return latencies
    }
}
