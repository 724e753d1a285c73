import Foundation
import TestSupport
import Testing

/// FindIt on a kiosk, end to end: `aria-render demo` in a window on a private Xvfb, tapped with
/// xdotool as a child taps the screen: 게임 시작 on Home opens the mission card (read aloud),
/// 찾으러 가기 starts the hunt. The window (360x640) is half the scene's canvas, so the taps
/// also go through the demo's scaling.
@Suite(.serialized) struct FindItKioskTests {
    /// Three treasures, nothing scripted: whatever happens, a tap did it.
    static let scene = """
        version: 1
        game: findit
        canvas: {width: 720, height: 1280, frame_rate: 30}
        duration: 30
        items:
          keys:
            name: 아빠의 차 키
            hint: 현관 신발장 위에 있어
            difficulty: 2
            photos: [{swatch: "#3a6fd8"}, {swatch: "#3f75dc"}, {swatch: "#3568cc"}, {swatch: "#4a7ee0"}, {swatch: "#2f62c4"}]
          cup:
            name: 노란 컵
            difficulty: 3
            photos: [{swatch: "#f4c430"}, {swatch: "#f7cc40"}, {swatch: "#eebc28"}, {swatch: "#f9d250"}, {swatch: "#e8b420"}]

        """

    static func screens(_ trace: String) -> [String] {
        let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["event"] as? String == "screen" else { return nil }
            return "\(object["from"] as? String ?? "")>\(object["to"] as? String ?? "")"
        }
    }

    @Test func tapsOnTheStartAndGoButtonsOpenTheMissionAndTheHunt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("findit-kiosk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screen = try XvfbDisplay(width: 800, height: 800)
        let scene = folder + "/kiosk.yaml", trace = folder + "/trace.jsonl"
        try Self.scene.write(toFile: scene, atomically: true, encoding: .utf8)
        let environment = ["DISPLAY": screen.display]
        let demo = try AriaRenderTool.start(["demo", scene, "--window", "360x640", "--no-sound", "--no-mic", "--trace", trace, "--duration", "8"],
                                            environment: environment)
        try #require(demo.waitForError("display: showing on", timeout: 15), "\(demo.standardError)")
        let search = try Subprocess.run("xdotool", ["search", "--sync", "--name", "Aria's Magic"], environment: environment, timeout: 10)
        let window = try #require(search.standardOutput.split(separator: "\n").first.map(String.init), "no window: \(search.standardError)")
        func tap(_ x: Int, _ y: Int) throws {
            let result = try Subprocess.run("xdotool", ["mousemove", "--window", window, "--sync", String(x), String(y), "click", "1"],
                                            environment: environment, timeout: 10)
            try #require(result.status == 0, "xdotool: \(result.standardError)")
        }
        // 게임 시작: the start button's middle, (0.36, 0.89) of the screen.
        try tap(130, 570)
        #expect(waitUntil(timeout: 5) { Self.screens(trace).contains("home>mission") }, "\(Self.screens(trace)) \(demo.standardError)")
        // A tap beside every button does nothing.
        try tap(20, 300)
        // 찾으러 가기: (0.5, 0.825).
        try tap(180, 528)
        #expect(waitUntil(timeout: 5) { Self.screens(trace).contains("mission>game") }, "\(Self.screens(trace))")
        #expect(demo.finish(timeout: 20) == 0, "\(demo.standardError)")
        #expect(Self.screens(trace).prefix(2) == ["home>mission", "mission>game"])
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(text.contains(#""event":"speech","text":"아빠의 차 키를 찾아보세요!""#))
    }

    /// The kiosk's built-in scene plays by itself (start at 1.5 s, play at 4.5 s) until a child
    /// touches the screen: a touch takes over, and the script's play never comes.
    @Test func aTouchTakesOverFromTheBuiltInScript() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let screen = try XvfbDisplay(width: 800, height: 800)
        defer { screen.stop() }
        let trace = folder + "/trace.jsonl"
        let environment = ["DISPLAY": screen.display]
        let demo = try AriaRenderTool.start(["demo", "--game", "findit", "--window", "360x640", "--no-sound", "--no-mic", "--trace", trace,
                                             "--duration", "7"], environment: environment)
        try #require(demo.waitForError("display: showing on", timeout: 15), "\(demo.standardError)")
        let search = try Subprocess.run("xdotool", ["search", "--sync", "--name", "Aria's Magic"], environment: environment, timeout: 10)
        let window = try #require(search.standardOutput.split(separator: "\n").first.map(String.init), "no window: \(search.standardError)")
        // (0.05, 0.47): a treasure's tile on Home (the child opens it), a blank part of the mission card.
        let result = try Subprocess.run("xdotool", ["mousemove", "--window", window, "--sync", "20", "300", "click", "1"],
                                        environment: environment, timeout: 10)
        try #require(result.status == 0, "xdotool: \(result.standardError)")
        #expect(demo.finish(timeout: 20) == 0, "\(demo.standardError)")
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(!Self.screens(trace).contains("mission>game"), "\(Self.screens(trace))")
        #expect(!text.contains("\"event\":\"refused\""), "\(text)")
        #expect(!text.isEmpty, "the demo wrote no trace")
    }
}
