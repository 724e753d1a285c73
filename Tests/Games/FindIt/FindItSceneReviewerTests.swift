import Foundation
import TestSupport
import Testing

/// FindIt's flow steps that do nothing are warnings at their lines in `validate`, `simulate`
/// and `render` (the tool run as a designer runs it), with what they cost; `--strict` makes
/// them bad input; the trace says the same in `refused` events QA can write rules on.
@Suite struct FindItSceneReviewerTests {
    static let body = """
    items:
      keys: {name: 아빠의 차 키, hint: 현관 신발장 위에 있어, difficulty: 2, photos: \(FindItFixtures.five("keys"))}
    flow:
      - {time: 0.5, tap: play}
      - {time: 1, tap: register}
      - {time: 1.5, tap: photo, file: photos/ball-front.png}
      - {time: 2, tap: photo, file: photos/ball-dark.png}
      - {time: 2.5, tap: save, item: ball, name: 빨간 공, difficulty: 2}
      - {time: 3, tap: photo, file: photos/ball-back.png}
      - {time: 3.5, tap: photo, file: photos/ball-left.png}
      - {time: 4, tap: photo, file: photos/ball-right.png}
      - {time: 4.5, tap: photo, file: photos/ball-top.png}
      - {time: 5, tap: save, item: ball, name: 빨간 공, difficulty: 2}
      - {time: 5.5, tap: back}
      - {time: 9, tap: back}
      - {time: 9.5, tap: start, item: ball}
    """

    static let warnings = [
        "scene.yaml:8:5: warning: the play at 0.5 s does nothing: the home screen has no play button",
        "scene.yaml:11:5: warning: the photo at 2 s is too dark to keep (its mean brightness is 0.09, under 0.25): the guide asks for the same side again",
        "scene.yaml:12:5: warning: the save at 2.5 s is refused: 1 photo was kept and an item needs 5, so ball is not saved",
        "scene.yaml:18:5: warning: the back at 5.5 s does nothing: the model is still retraining after the save",
        "scene.yaml:19:5: warning: the back at 9 s does nothing: the home screen has no back button",
    ]

    static func write() throws -> URL {
        let folder = try FindItFixtures.folder()
        try FindItFixtures.text(body, duration: 12).write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func validateWarnsAtEachStepThatDidNothingAndCountsWhatWasSaved() throws {
        let folder = try Self.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try AriaRenderTool.run(["validate", "scene.yaml"], in: folder.path)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.split(separator: "\n").map(String.init) == Self.warnings)
        #expect(outcome.standardOutput == "scene.yaml: ok (findit: 1 item, 13 flow steps; 0 items found, 1 saved, 360x640, 12 s)\n")
    }

    @Test func strictMakesThemBadInputAndARenderWritesNothing() throws {
        let folder = try Self.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try AriaRenderTool.run(["validate", "--strict", "scene.yaml"], in: folder.path).status == 2)
        let render = try AriaRenderTool.run(["render", "scene.yaml", "--strict", "--frame", "10", "-o", "still.png"], in: folder.path)
        #expect(render.status == 2)
        #expect(render.standardError.hasSuffix("aria-render: --strict: 5 warnings\n"), "\(render.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("still.png").path), "nothing is written")
    }

    @Test func theTraceSaysWhichTapDidNothingWhereAndWhy() throws {
        let folder = try Self.write()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try AriaRenderTool.run(["simulate", "scene.yaml", "--trace", "-"], in: folder.path)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let refused = outcome.standardOutput.split(separator: "\n").filter { $0.contains(#""event":"refused""#) }.map(String.init)
        #expect(refused == [
            #"{"t":0.5167,"frame":16,"event":"refused","tap":"play","screen":"home","reason":"no_button"}"#,
            #"{"t":5.5167,"frame":166,"event":"refused","tap":"back","screen":"register","reason":"training"}"#,
            #"{"t":9.0167,"frame":271,"event":"refused","tap":"back","screen":"home","reason":"no_button"}"#,
        ])
    }

    @Test func theGamePageQuotesWhatValidateSaysOfTheRegistrationScene() throws {
        let outcome = try AriaRenderTool.run(["validate", "register.yaml"], in: RepositoryRoot.path + "/Scenes/findit")
        let page = try String(contentsOfFile: RepositoryRoot.path + "/docs/games/findit.md", encoding: .utf8)
        let warnings = outcome.standardError.split(separator: "\n")
        #expect(warnings.count == 2 && warnings.allSatisfy { page.contains($0) }, "\(outcome.standardError)")
    }

    @Test func aSceneThatHuntsFromAProfileIsValidAndSaysItWasNotRun() throws {
        let outcome = try AriaRenderTool.run(["validate", RepositoryRoot.path + "/Scenes/findit/profile-hunt.yaml"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("; not run: profile-hunt hunts 'ball' from the profile"), "\(outcome.standardOutput)")
    }

    /// The mission card has no back button (the document's card leads only to the game): a
    /// scripted back there is refused with a warning, and a touch at its top left does nothing.
    @Test func backOnTheMissionCardIsRefusedWithAWarning() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FindItFixtures.text("""
        items:
          keys: {name: 아빠의 차 키, difficulty: 2, photos: \(FindItFixtures.five("keys"))}
        flow:
          - {time: 0.5, tap: start, item: keys}
          - {time: 1, tap: back}
        """).write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        let outcome = try AriaRenderTool.run(["validate", "scene.yaml"], in: folder.path)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError == "scene.yaml:9:5: warning: the back at 1 s does nothing: the mission screen has no back button\n")
        let strict = try AriaRenderTool.run(["validate", "scene.yaml", "--strict"], in: folder.path)
        #expect(strict.status == 2)
    }

    /// A camera label that none of the scene's items has (`key.fp` for the item `keys`, the
    /// signal spelt `ML`) is never read: a warning at the label, with the likely one; --strict refuses it.
    @Test func cameraLabelsThatMatchNoItemAreWarnedOf() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FindItFixtures.text("""
        items:
          keys: {name: 아빠의 차 키, difficulty: 2, photos: \(FindItFixtures.five("keys"))}
        flow:
          - {time: 0.5, tap: start, item: keys}
          - {time: 1, tap: play}
        cv:
          script:
            - {object: key.fp, position: [0.5, 0.5], confidence: [[1, 0.9], [3, 0.9]]}
            - {object: keys.ML, position: [0.5, 0.5], confidence: [[1, 0.9], [3, 0.9]]}
            - {object: keys.fp, position: [0.5, 0.5], confidence: [[1, 0.9], [3, 0.9]]}
        """).write(to: folder.appendingPathComponent("scene.yaml"), atomically: true, encoding: .utf8)
        let outcome = try AriaRenderTool.run(["validate", "scene.yaml"], in: folder.path)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.split(separator: "\n").map(String.init) == [
            "scene.yaml:12:16: warning: cv.script[0].object 'key.fp' names nothing this scene looks for (did you mean 'keys.fp'?)",
            "scene.yaml:13:16: warning: cv.script[1].object 'keys.ML' names nothing this scene looks for (did you mean 'keys.ml'?)",
        ])
        let strict = try AriaRenderTool.run(["validate", "scene.yaml", "--strict"], in: folder.path)
        #expect(strict.status == 2)
    }
}
