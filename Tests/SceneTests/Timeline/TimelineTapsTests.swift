import Scene
import Testing

/// A list of scripted taps, read the same way by every game: each entry's time, name and
/// other keys, every problem of the list at its place, the taps in time order.
@Suite struct TimelineTapsTests {
    enum Button: String, CaseIterable { case start, back }

    static func read(_ list: String, order: TimelineTapOrder) throws -> (taps: [TimelineTap<Button>], problems: [String]) {
        let document = try SceneDocument.parse("timeline:\n" + list, fileName: "scene.yaml")
        let reader = ValueReader(file: "scene.yaml")
        let taps = reader.timelineTaps(document.topLevel("timeline")!, "timeline", nameKey: "press", among: Button.allCases, what: "button",
                                       otherKeys: ["item"], duration: 10, expected: "presses", nameExample: "'press: start'", order: order)
        return (taps, reader.diagnostics.map(\.description))
    }

    @Test func tapsAreSortedByTimeWithTiesInTheFilesOrder() throws {
        let (taps, problems) = try Self.read("""
              - {time: 3, press: back}
              - {time: 1, press: start, item: keys}
              - {time: 3, press: start}
            """, order: .sortedByTime)
        #expect(problems.isEmpty, "\(problems)")
        #expect(taps.map(\.time) == [1, 3, 3])
        #expect(taps.map(\.name) == [.start, .back, .start])
        #expect(taps.map(\.path) == ["timeline[1]", "timeline[0]", "timeline[2]"])
        #expect(taps[0].fields["item"] != nil && taps[0].position.line == 3)
    }

    @Test func everyProblemOfTheListComesOutAtOnce() throws {
        let (taps, problems) = try Self.read("""
              - {time: 2, press: strat}
              - {press: back, colour: red}
              - {time: 12, press: start}
            """, order: .sortedByTime)
        #expect(taps.isEmpty)
        #expect(problems.count == 4, "\(problems)")
        #expect(problems[0].hasPrefix("scene.yaml:2:"), "\(problems)")
        #expect(problems[0].contains("strat") && problems[0].contains("start"), "\(problems)")
        #expect(problems.contains { $0.contains("unknown key 'colour' in timeline[1]") }, "\(problems)")
        #expect(problems.contains { $0.contains("timeline[1] is missing the key 'time'") }, "\(problems)")
        #expect(problems.contains { $0.contains("timeline[2].time") }, "\(problems)")
    }

    @Test func aListThatMustGoForwardSaysWhereItGoesBack() throws {
        let (taps, problems) = try Self.read("""
              - {time: 3, press: back}
              - {time: 1, press: start}
            """, order: .forwardOnly)
        #expect(taps.map(\.time) == [3, 1])
        #expect(problems == ["scene.yaml:3:12: timeline[1].time is 1 s, before the step above it (3 s); the timeline goes forward in time"])
    }
}
