import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Touch, end to end: `aria-render demo` in a window on a private Xvfb, pressed with xdotool as
/// a child presses the kiosk's screen. The window (640x360) is half the scene's canvas
/// (1280x720) on purpose, so the test also checks that window pixels are scaled to canvas
/// pixels before they reach the scene.
@Suite(.serialized) final class DemoTouchTests {
    let folder = demoTemporaryFolder("touch")

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A scene with nobody on its floor and nothing scripted: whatever happens, a touch did it.
    static let emptyFloor = """
        version: 1
        canvas: {width: 1280, height: 720, frame_rate: 30}
        seed: 5
        duration: 30
        background: bedroom
        selected: luna
        characters: []

        """

    @Test func aTapOnTheFloorSpawnsThereAndADragIsADrag() throws {
        // The screen is larger than the window, which sits at its top left corner: the clicks
        // are aimed at the window itself (xdotool's --window), not at screen coordinates.
        let screen = try XvfbDisplay(width: 800, height: 600)
        let scene = folder + "/empty.yaml", trace = folder + "/trace.jsonl"
        try Self.emptyFloor.write(toFile: scene, atomically: true, encoding: .utf8)
        let environment = ["DISPLAY": screen.display]
        let demo = try DemoTool.start([scene, "--window", "640x360", "--no-sound", "--no-mic", "--trace", trace, "--duration", "6"],
                                      environment: environment)
        try #require(demo.waitForError("display: showing on", timeout: 15), "\(demo.standardError)")
        let search = try Subprocess.run("xdotool", ["search", "--sync", "--name", "Aria's Magic"], environment: environment, timeout: 10)
        let window = try #require(search.standardOutput.split(separator: "\n").first.map(String.init), "no window: \(search.standardError)")

        func xdotool(_ arguments: [String]) throws {
            let result = try Subprocess.run("xdotool", arguments, environment: environment, timeout: 10)
            try #require(result.status == 0, "xdotool \(arguments): \(result.standardError)")
        }
        // A tap at window (320, 300): canvas (640, 600), on the floor.
        try xdotool(["mousemove", "--window", window, "--sync", "320", "300", "click", "1"])
        try #require(waitForEvent(in: trace, timeout: 5) { $0["event"] as? String == "spawn" }, "no spawn: \(demo.standardError)")

        // A drag from her skirt (10 window pixels above her feet), 100 window pixels to the right, in steps.
        try xdotool(["mousemove", "--window", window, "--sync", "320", "290", "mousedown", "1"])
        for x in stride(from: 340, through: 420, by: 20) {
            try xdotool(["mousemove", "--window", window, "--sync", String(x), "290"])
            usleep(30_000)  // the finger's pace across the glass (a drag's shape), not a wait for something
        }
        try xdotool(["mouseup", "1"])
        let dragged = waitForEvent(in: trace, timeout: 5) { $0["event"] as? String == "gesture" && $0["gesture"] as? String == "drag" }

        #expect(demo.finish(timeout: 20) == 0, "\(demo.standardError)")
        let events = DemoTraceFile.events(trace)
        let taps = events.filter { $0["event"] as? String == "gesture" && $0["gesture"] as? String == "tap" }
        #expect(taps.count == 1, "\(taps)")
        let tap = try #require(taps.first)
        #expect(tap["source"] as? String == "touch")
        #expect(tap["x"] as? Double == 640 && tap["y"] as? Double == 600, "window (320, 300) is canvas (640, 600): \(tap)")
        let spawn = try #require(events.first { $0["event"] as? String == "spawn" })
        #expect(spawn["kind"] as? String == "luna" && spawn["cause"] as? String == "tap", "\(spawn)")
        #expect(spawn["x"] as? Double == 640 && spawn["y"] as? Double == 600, "\(spawn)")

        #expect(dragged, "no drag in the trace: \(events)")
        let drag = try #require(events.first { $0["event"] as? String == "gesture" && $0["gesture"] as? String == "drag" })
        #expect(drag["source"] as? String == "touch")
        #expect(drag["x"] as? Double == 640 && drag["y"] as? Double == 580, "the drag starts where the finger went down: \(drag)")
        #expect(drag["character"] as? String == spawn["character"] as? String, "the drag takes the princess who was spawned: \(drag)")
        // Her feet end below where the finger lifted: window x 420 is canvas x 840.
        let end = try #require(events.first { $0["event"] as? String == "gesture_end" && $0["gesture"] as? String == "drag" },
                               "the drag never ended: \(events)")
        #expect(abs((end["x"] as? Double ?? 0) - 840) < 1, "\(end)")
        #expect(DemoTraceFile.isComplete(trace))
    }

    /// Polls the trace (every 20 ms, at most `timeout` seconds) until a line satisfies `matches`.
    private func waitForEvent(in trace: String, timeout: Double, _ matches: ([String: Any]) -> Bool) -> Bool {
        waitUntil(timeout: timeout) { DemoTraceFile.events(trace).contains(where: matches) }
    }
}
