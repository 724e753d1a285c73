import Testing
import Trace

/// An effect's end in the scene file (`until`, `visible`, `fade`): read, refused where wrong,
/// and traced as `effect_end` when it comes.
@Suite struct EffectEndTests {
    /// The scene with one timeline line, and the column (1-based) where `marker` starts in it.
    private func entry(_ line: String, marker: String) -> (text: String, column: Int) {
        let column = line.range(of: marker).map { line.distance(from: line.startIndex, to: $0.lowerBound) + 1 } ?? 0
        return ("version: 1\nduration: 12\ntimeline:\n\(line)\n", column)
    }

    @Test func untilIsTracedAsTheEnd() throws {
        let scene = try makeScene("timeline:\n  - {time: 3, effect: {kind: snow, until: 8, fade: 1}}", duration: 12)
        let (_, trace) = runToEnd(scene)
        let start = events("effect_start", in: trace), end = events("effect_end", in: trace)
        #expect(start.count == 1 && end.count == 1, "\(trace.map(\.jsonLine))")
        #expect(end.first?.t == 8 && end.first?.frame == 240, "\(end.map(\.jsonLine))")
        #expect(end.first?.jsonLine.contains("\"effect\":\"snow\"") == true)
        // The start says how long it emits: to its end.
        #expect(start.first?.jsonLine.contains("\"duration\":5") == true, "\(start.map(\.jsonLine))")
    }

    @Test func visibleCountsFromTheEntrysTimeAndNamesTheCharacterOrPoint() throws {
        let scene = try makeScene("""
        characters:
          - {id: luna, kind: luna, position: [400, 600]}
        timeline:
          - {time: 1, effect: {kind: sparkles, target: luna, visible: 0.5}}
          - {time: 2, effect: {kind: bubbles, at: [300, 400], visible: 1.5, fade: 0.5}}
        """)
        let end = events("effect_end", in: runToEnd(scene).1)
        #expect(end.map(\.t) == [1.5, 3.5], "\(end.map(\.jsonLine))")
        #expect(end.first?.character == "luna")
        #expect(end.last?.jsonLine.contains("\"x\":300") == true, "\(end.map(\.jsonLine))")
    }

    @Test func durationAloneStillLetsTheLastParticlesLiveOutWithNoEndEvent() throws {
        let scene = try makeScene("timeline:\n  - {time: 3, effect: {kind: snow, duration: 5}}", duration: 12)
        let (simulation, trace) = runToEnd(scene)
        #expect(events("effect_end", in: trace).isEmpty)
        #expect(events("effect_start", in: trace).first?.jsonLine.contains("\"duration\":5") == true)
        _ = simulation
    }

    @Test func untilBeforeTheEntrysTimeIsRefusedWhereItIsWritten() {
        let (text, column) = entry("  - {time: 3, effect: {kind: snow, until: 2}}", marker: "2}")
        expectAt(onlyDiagnostic(text), 4, column, contains: "until", "after the entry's time")
    }

    @Test func negativeValuesAreRefused() {
        var (text, column) = entry("  - {time: 3, effect: {kind: snow, until: -1}}", marker: "-1")
        expectAt(onlyDiagnostic(text), 4, column, contains: "until", "out of range")
        (text, column) = entry("  - {time: 3, effect: {kind: snow, visible: -2}}", marker: "-2")
        expectAt(onlyDiagnostic(text), 4, column, contains: "visible", "out of range")
        (text, column) = entry("  - {time: 3, effect: {kind: snow, visible: 2, fade: -0.5}}", marker: "-0.5")
        expectAt(onlyDiagnostic(text), 4, column, contains: "fade", "out of range")
    }

    @Test func aFadeLongerThanTheVisibleTimeOrWithoutAnEndIsRefused() {
        var (text, column) = entry("  - {time: 3, effect: {kind: snow, visible: 2, fade: 3}}", marker: "3}")
        expectAt(onlyDiagnostic(text), 4, column, contains: "fade", "longer than")
        (text, column) = entry("  - {time: 3, effect: {kind: snow, until: 4, fade: 1.5}}", marker: "1.5")
        expectAt(onlyDiagnostic(text), 4, column, contains: "fade", "longer than")
        (text, column) = entry("  - {time: 3, effect: {kind: snow, fade: 1}}", marker: "1}")
        expectAt(onlyDiagnostic(text), 4, column, contains: "fade", "until", "visible")
    }

    @Test func untilAndVisibleTogetherAreRefused() {
        let (text, column) = entry("  - {time: 3, effect: {kind: snow, until: 8, visible: 5}}", marker: "5}")
        expectAt(onlyDiagnostic(text), 4, column, contains: "both", "until", "visible")
    }

    @Test func everyBadEndIsReportedAtOnce() {
        let found = diagnostics("""
        version: 1
        duration: 12
        timeline:
          - {time: 3, effect: {kind: snow, until: 1}}
          - {time: 4, effect: {kind: snow, visible: 1, fade: 2}}
        """)
        #expect(found.map(\.line) == [4, 5], "\(found.map(\.description))")
    }
}
