import Foundation
import TestSupport
import Testing

/// Glitch Squad on a kiosk, end to end: `aria-render demo` in a window on a private Xvfb,
/// its cards and buttons pressed with xdotool as a child's finger would, and a process writing
/// a detector's lines into the demo's live camera stream: the apple seen, held, captured.
@Suite(.serialized) struct GlitchSquadKioskTests {
    @Test func aChildPlaysMission01ByTouchWithALiveCamera() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screen = try XvfbDisplay(width: 500, height: 700)
        defer { screen.stop() }
        let environment = ["DISPLAY": screen.display]
        let tool = try #require(AriaRenderTool.path)
        let trace = folder + "/trace.jsonl"
        // The detector: an apple in the middle of the picture, 30 lines a second, from 4 s on.
        let detector = "sleep 4; while true; do echo '{\"time\": 0, \"label\": \"apple\", \"confidence\": 0.95, \"box\": [0.4, 0.4, 0.2, 0.12]}'; "
            + "sleep 0.033; done"
        let command = "(\(detector)) | '\(tool)' demo '\(RepositoryRoot.path)/Scenes/glitch-squad/kiosk.yaml' --window 360x640 --no-sound --no-mic "
            + "--cv-stream - --profile '\(folder)/kiosk.profile' --trace '\(trace)' --duration 16"
        let demo = try Subprocess("/bin/sh", ["-c", command], environment: environment, in: folder)
        try #require(demo.waitForError("display: showing on", timeout: 20), "\(demo.standardError)")
        let search = try Subprocess.run("xdotool", ["search", "--sync", "--name", "Aria's Magic"], environment: environment, timeout: 10)
        let window = try #require(search.standardOutput.split(separator: "\n").first.map(String.init), "no window: \(search.standardError)")
        func press(_ x: Int, _ y: Int) throws {
            let result = try Subprocess.run("xdotool", ["mousemove", "--window", window, "--sync", String(x), String(y), "click", "1"],
                                            environment: environment, timeout: 10)
            try #require(result.status == 0, "xdotool: \(result.standardError)")
        }
        func seen(_ text: String, within timeout: Double) -> Bool {
            waitUntil(timeout: timeout) { ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").contains(text) }
        }
        // The hook, then the base: the mission card (window 360x640 is the canvas halved).
        try #require(seen("\"to\":\"base\"", within: 10), "\(demo.standardError)")
        try press(180, 512)
        try #require(seen("\"to\":\"briefing\"", within: 5), "the card press did not open the briefing: \(demo.standardError)")
        try press(180, 560)
        try #require(seen("\"to\":\"hunt\"", within: 5), "ACCEPT did not start the hunt")
        // The live apple is held steady: captured, then the reward card's button.
        try #require(seen("\"event\":\"capture\"", within: 8), "no capture from the live stream")
        try #require(seen("\"to\":\"reward\"", within: 4))
        Thread.sleep(forTimeInterval: 1.6)  // the fruit's flight into the backpack, before the card's button shows
        try press(180, 478)
        try #require(seen("\"event\":\"save\"", within: 5), "Return to Base did not save")
        #expect(demo.finish(timeout: 30) == 0, "\(demo.standardError)")
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(text.contains("\"event\":\"press\",\"button\":\"mission_card\",\"source\":\"touch\""))
        #expect(text.contains("\"event\":\"accept\",\"label\":\"ACCEPT MISSION\""))
        #expect(text.contains("\"event\":\"capture\",\"label\":\"apple\",\"held_steps\":90,\"target\":true"))
        // The campaign moved on in the kiosk's profile.
        let saved = try Subprocess.run("sqlite3", [folder + "/kiosk.profile", "SELECT value FROM saved_value WHERE game = 'glitch-squad' AND key = 'currentMissionIndex'"],
                                       timeout: 30)
        #expect(saved.standardOutput == "1\n", "\(saved.standardError)")
    }
}
