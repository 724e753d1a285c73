import Foundation
import TestSupport
import Testing

/// Glitch Squad's presses that do nothing are warnings at their lines, as the princess
/// game's refused taps are: a button the screen does not show, a mission card after the run's
/// one mission; `--strict` makes them bad input; the trace's `refused` events say the same.
@Suite struct GlitchSquadSceneReviewerTests {
    static let scene = """
    version: 1
    game: glitch-squad
    canvas: {width: 360, height: 640, frame_rate: 30}
    seed: 11
    duration: 27
    mission: 1
    timeline:
      - {time: 1, press: accept}
      - {time: 6.0, press: mission_card}
      - {time: 9.0, press: accept}
      - {time: 10.0, press: return_to_base}
      - {time: 24.0, press: return_to_base}
      - {time: 26.0, press: mission_card}
    camera_pan: [[0, 0.1], [4, 0.35], [9, 0.6], [14, 0.7]]
    cv:
      confidence_step: 0.015
      script:
        - object: apple
          position: [0.56, 0.46]
          size: [0.24, 0.14]
          confidence: [[14.5, 0.61], [15.0, 0.93], [22.0, 0.93]]

    """

    static func write() throws -> String {
        let folder = try makeTemporaryFolder("glitch-review")
        try scene.write(toFile: folder + "/presses.yaml", atomically: true, encoding: .utf8)
        return folder
    }

    @Test func validateWarnsAtEachPressThatDidNothing() throws {
        let folder = try Self.write()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = try AriaRenderTool.run(["validate", "presses.yaml"], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.split(separator: "\n").map(String.init) == [
            "presses.yaml:8:5: warning: the accept at 1 s does nothing: the hook screen has no accept button",
            "presses.yaml:11:5: warning: the return to base at 10 s does nothing: the hunt screen has no return to base button",
            "presses.yaml:13:5: warning: the mission card at 26 s does nothing: the mission is won, and a run plays one mission",
        ])
        #expect(outcome.standardOutput.contains("; the mission reaches the reward screen"), "\(outcome.standardOutput)")
    }

    @Test func strictMakesThemBadInputAndTheTraceNamesThem() throws {
        let folder = try Self.write()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let strict = try AriaRenderTool.run(["simulate", "presses.yaml", "--strict"], in: folder)
        #expect(strict.status == 2)
        #expect(strict.standardError.hasSuffix("aria-render: --strict: 3 warnings\n"), "\(strict.standardError)")
        let outcome = try AriaRenderTool.run(["simulate", "presses.yaml", "--trace", "-"], in: folder)
        let refused = outcome.standardOutput.split(separator: "\n").filter { $0.contains(#""event":"refused""#) }
        #expect(refused.map { $0.contains(#""reason":"no_button""#) } == [true, true, false])
        #expect(refused.last?.contains(#""button":"mission_card","phase":"base","reason":"mission_won","source":"timeline""#) == true)
    }

    /// A detection of an object the detector's fruit do not include (`aple`) is never read: a
    /// warning at its label with the likely fruit; --strict refuses it.
    @Test func aCameraLabelThatNamesNoFruitIsWarnedOf() throws {
        let folder = try makeTemporaryFolder("glitch-labels")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
        version: 1
        game: glitch-squad
        duration: 10
        mission: 1
        cv:
          script:
            - {object: aple, position: [0.5, 0.5], confidence: [[1, 0.9], [2, 0.9]]}
            - {object: banana, position: [0.5, 0.5], confidence: [[1, 0.9], [2, 0.9]]}
        """.write(toFile: folder + "/labels.yaml", atomically: true, encoding: .utf8)
        let outcome = try AriaRenderTool.run(["validate", "labels.yaml"], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError == "labels.yaml:7:16: warning: cv.script[0].object 'aple' names nothing this scene looks for (did you mean 'apple'?)\n")
        let strict = try AriaRenderTool.run(["validate", "labels.yaml", "--strict"], in: folder)
        #expect(strict.status == 2)
    }
}
