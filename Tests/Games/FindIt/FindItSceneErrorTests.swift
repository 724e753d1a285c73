import Catalogue
import Foundation
import TestSupport
import Testing

/// Every bad input a FindIt scene can hold, each as one `file:line:column: what` line, all at once,
/// and the tool's exit 2.
@Suite struct FindItSceneErrorTests {
    static let recognitionOK = """
    items:
      keys: {name: 열쇠, hint: 신발장 위, difficulty: 2, photos: \(FindItFixtures.five("keys"))}
    """

    @Test func weightsThatDoNotSumToOneAreOneLineAtTheirPlace() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let problems = try FindItFixtures.problems(FindItFixtures.text("""
        recognition: {feature_print_weight: 0.6, classifier_weight: 0.5}
        \(Self.recognitionOK)
        """), in: folder)
        #expect(problems.count == 1)
        #expect(problems.first?.hasSuffix("scene.yaml:5:61: recognition weights must sum to 1: feature_print_weight 0.6 + classifier_weight 0.5 = 1.1") == true)
    }

    @Test func bandsOutOfOrderAreReported() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let problems = try FindItFixtures.problems(FindItFixtures.text("""
        recognition: {warm: 0.7, hot: 0.5}
        \(Self.recognitionOK)
        """), in: folder)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("scene.yaml:5:31: recognition bounds are out of order: warm (0.7) must be below hot (0.5)") == true)
    }

    @Test func aDifficultyOutsideOneToFiveIsReported() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let problems = try FindItFixtures.problems(FindItFixtures.text("""
        items:
          keys: {name: 열쇠, difficulty: 6, photos: \(FindItFixtures.five("keys"))}
        """), in: folder)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("scene.yaml:6:32: items.keys.difficulty") == true)
        #expect(problems.first?.contains("6") == true)
    }

    @Test func aHuntedItemWithFewerThanFivePhotosIsReportedButAnUnhuntedOneIsNot() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let few = """
        items:
          keys: {name: 열쇠, difficulty: 2, photos: [photos/keys-front.png, photos/keys-back.png, photos/keys-top.png, photos/keys-left.png]}
        """
        #expect(try FindItFixtures.problems(FindItFixtures.text(few), in: folder).isEmpty)
        let problems = try FindItFixtures.problems(FindItFixtures.text(few + """

        flow:
          - {time: 1, tap: start, item: keys}
        """), in: folder)
        #expect(problems == ["\(folder.path)/scene.yaml:8:33: item 'keys' is hunted at flow[0] but has 4 photos; an item needs at least 5 to be recognised"])
    }

    /// A step or a scripted camera time past the scene's end is bad input, as in the princess
    /// game, each at its place; a negative one names the scene's duration, not a day.
    @Test func stepTimesOutsideTheSceneAreRefusedByValidateNamingItsDuration() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FindItFixtures.text("""
        \(Self.recognitionOK)
        flow:
          - {time: 30, tap: play}
          - {time: -1, tap: back}
        cv:
          script:
            - {camera: unavailable, time: 12}
            - {object: keys.fp, position: [0.5, 0.5], confidence: [[11, 0.2], [14, 0.9]]}
        """, duration: 10).write(toFile: folder.path + "/scene.yaml", atomically: true, encoding: .utf8)
        let outcome = try AriaRenderTool.run(["validate", "scene.yaml"], in: folder.path)
        #expect(outcome.status == 2)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        let within = "seconds (within the scene's duration)"
        #expect(lines.contains("scene.yaml:8:12: flow[0].time is out of range: 30; expected a number from 0 to 10 \(within)"), "\(lines)")
        #expect(lines.contains("scene.yaml:9:12: flow[1].time is out of range: -1; expected a number from 0 to 10 \(within)"), "\(lines)")
        #expect(lines.contains("scene.yaml:12:35: cv.script[0].time is out of range: 12; expected a number from 0 to 10 \(within)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("scene.yaml:13:61: cv.script[1].confidence[0] time is out of range: 11;") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("scene.yaml:13:72: cv.script[1].confidence[1] time is out of range: 14;") }, "\(lines)")
    }

    @Test func anUnknownItemInAMissionIsReportedWithASuggestion() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let problems = try FindItFixtures.problems(FindItFixtures.text("""
        \(Self.recognitionOK)
        flow:
          - {time: 1, tap: start, item: key}
        """), in: folder)
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("\(folder.path)/scene.yaml:8:33: unknown item 'key' in the mission at flow[0]") == true)
        #expect(problems.first?.contains("keys") == true)
    }

    /// One mistake in an item's own entry is one problem, at the entry: the item is still known
    /// by its id, and its photos still counted, for the flow's checks (no "unknown item" at the
    /// mission, no "has 4 photos" for a photo that is there but bad).
    @Test(arguments: [
        ("keys: {name: 열쇠, difficulty: 9, photos: \(FindItFixtures.five("keys"))}", "items.keys.difficulty is out of range: 9"),
        ("keys: {nmae: 열쇠, difficulty: 2, photos: \(FindItFixtures.five("keys"))}", "unknown key 'nmae' in items.keys"),
        ("keys: {name: 열쇠, difficulty: 2, photos: [photos/keys-front.png, photos/keys-back.png, photos/keys-left.png, photos/keys-right.png, photos/nothing.png]}",
         "items.keys.photos[4].file 'photos/nothing.png': there is no such file"),
        ("keys: {name: 열쇠, difficulty: 2, phots: \(FindItFixtures.five("keys"))}", "unknown key 'phots' in items.keys"),
    ])
    func aBadItemEntryIsNoSecondProblemAtTheFlow(entry: String, problem: String) throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let problems = try FindItFixtures.problems(FindItFixtures.text("""
        items:
          \(entry)
        flow:
          - {time: 1, tap: start, item: keys}
          - {time: 2, tap: open, item: keys}
        """), in: folder)
        #expect(problems.contains { $0.contains(problem) }, "\(problems)")
        #expect(problems.allSatisfy { $0.hasPrefix("\(folder.path)/scene.yaml:6:") }, "\(problems)")
    }

    @Test func aPhotoOutsideTheScenesFolderIsReportedAsAbsoluteRelativeOrLinked() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = FindItFixtures.photos.appendingPathComponent("keys-front.png").path
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: outside)
        let problems = try FindItFixtures.problems(FindItFixtures.text("""
        items:
          keys: {name: 열쇠, difficulty: 2, photos: ["\(outside)", ../keys.png, link.png, photos/keys-left.png, photos/keys-top.png]}
        """), in: folder)
        #expect(problems.count == 3)
        for problem in problems { #expect(problem.contains("is outside the scene's folder")) }
        #expect(problems.allSatisfy { $0.hasPrefix("\(folder.path)/scene.yaml:6:") })
    }

    @Test func aMissingOrBrokenPNGIsReported() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("\u{89}PNG\r\n not a picture".utf8).write(to: folder.appendingPathComponent("photos/broken.png"))
        let problems = try FindItFixtures.problems(FindItFixtures.text("""
        items:
          keys: {name: 열쇠, difficulty: 2, photos: [photos/nothing.png, photos/broken.png, photos/keys-left.png, photos/keys-top.png, photos/keys-back.png]}
        """), in: folder)
        #expect(problems == [
            "\(folder.path)/scene.yaml:6:44: items.keys.photos[0].file 'photos/nothing.png': there is no such file",
            "\(folder.path)/scene.yaml:6:64: items.keys.photos[1].file 'photos/broken.png' is not a readable PNG image",
        ])
    }

    @Test func everyProblemComesOutAtOnceAndTheToolExitsTwo() throws {
        let folder = try FindItFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bad.yaml").path
        try FindItFixtures.text("""
        recognition: {feature_print_weight: 0.7, classifier_weight: 0.4, warm: 0.8, hot: 0.6}
        items:
          keys: {name: 열쇠, difficulty: 0, photos: [photos/keys-front.png, /etc/passwd]}
        flow:
          - {time: 1, tap: start, item: teddy}
        """).write(toFile: path, atomically: true, encoding: .utf8)
        let result = try AriaRenderTool.run(["simulate", path])
        #expect(result.status == 2)
        let lines = result.standardError.split(separator: "\n").filter { $0.contains("bad.yaml:") }
        #expect(lines.count == 5)
        for fragment in ["must sum to 1", "out of order", "items.keys.difficulty", "outside the scene's folder", "unknown item 'teddy'"] {
            #expect(lines.contains { $0.contains(fragment) }, "no line says \(fragment)")
        }
    }
}
