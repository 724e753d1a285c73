import Foundation
import Testing
import TestSupport

/// The suites that run against the clock run in a phase of their own, after the parallel
/// suite (scripts/run-tests.sh): a suite that starts a real part (a PulseAudio daemon, an
/// Xvfb screen, Chromium, the studio's server, a Slurm cluster) is listed in
/// scripts/real-time-suites.txt; every name listed there, in fast-suites.txt or in
/// idle-time-suites.txt is a suite; and no suite run in the real-time phase's idle time holds a
/// bound on wall-clock time.
@Suite struct TestPhaseTests {
    /// What a test file uses when it runs against the clock: the fixtures that start real parts.
    static let realTimeParts = ["PulseFixture(", "XvfbDisplay(", "HeadlessBrowser(", "HeadlessBrowser.", "HeadlessChromium(", "RunningStudio(",
                                "slurm-cluster.sh", "NOTIFY_SOCKET"]

    /// The names a list of scripts/ holds, one per line, without comments.
    static func listed(_ file: String) throws -> Set<String> {
        let text = try String(contentsOf: RepositoryRoot.url.appendingPathComponent("scripts/" + file), encoding: .utf8)
        return Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }

    /// Every Swift file under Tests/ with its text.
    static func testSources() throws -> [(path: String, text: String)] {
        let root = RepositoryRoot.url.appendingPathComponent("Tests")
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return try walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
            .map { ($0.path.replacingOccurrences(of: RepositoryRoot.path + "/", with: ""), try String(contentsOf: $0, encoding: .utf8)) }
    }

    /// The suites a file declares: each type written at the top level whose body holds a test
    /// (`@Suite` or not: Swift Testing runs a type's `@Test` functions either way).
    static func suites(in text: String) -> [String] {
        let declaration = #/^(?:@Suite(?:\(.*\))?\s+)?(?:(?:public|private|fileprivate|internal|final)\s+)*(struct|class|enum|actor|extension)\s+(\w+)/#
        var found: [String] = []
        var current: (name: String, hasTests: Bool)?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let match = line.prefixMatch(of: declaration) {
                if let done = current, done.hasTests { found.append(done.name) }
                current = (match.1 == "extension" ? "" : String(match.2), false)
            }
            if line.contains("@Test") { current?.hasTests = true }
        }
        if let done = current, done.hasTests { found.append(done.name) }
        return found.filter { !$0.isEmpty }
    }

    /// The suites that use a real part but are not in the real-time list.
    static func unlistedRealTimeSuites(sources: [(path: String, text: String)], listed: Set<String>) -> [String] {
        sources.filter { source in realTimeParts.contains { source.text.contains($0) } && !source.path.hasPrefix("Tests/TestSupport/") && !source.path.hasPrefix("Tests/ArchitectureTests/") }
            .flatMap { source in suites(in: source.text).filter { !listed.contains($0) }.map { "\(source.path): \($0)" } }
    }

    /// What a test file uses when it holds a bound on wall-clock time: a suite of the idle-time
    /// lane may not, since `make test` runs it at the scheduler's idle priority, where it waits
    /// for a core as long as the real-time tests beside it want both.
    static let wallClockBounds = ["MeasuredRun.", "wallSeconds", "ContinuousClock", "Date().timeIntervalSince"]

    /// The suites of `pure` (the idle-time lane's) declared in a file that holds such a bound.
    static func pureSuitesTimedByTheClock(sources: [(path: String, text: String)], pure: Set<String>) -> [String] {
        sources.filter { source in wallClockBounds.contains { source.text.contains($0) } && !source.path.hasPrefix("Tests/ArchitectureTests/") }
            .flatMap { source in suites(in: source.text).filter { pure.contains($0) }.map { "\(source.path): \($0)" } }
    }

    @Test func noSuiteOfTheIdleTimeHoldsABoundOnWallClockTime() throws {
        let idleTime = try Self.listed("fast-suites.txt").union(try Self.listed("idle-time-suites.txt"))
        let timed = Self.pureSuitesTimedByTheClock(sources: try Self.testSources(), pure: idleTime)
        #expect(timed.isEmpty, "these suites time something by the clock: take them out of scripts/fast-suites.txt or idle-time-suites.txt: \(timed)")
        let sample = [(path: "Tests/A/HostileTests.swift", text: "@Suite struct HostileTests {\n    @Test func cheap() throws {\n        #expect(run.wallSeconds < 5)\n    }\n}\n")]
        #expect(Self.pureSuitesTimedByTheClock(sources: sample, pure: ["HostileTests"]) == ["Tests/A/HostileTests.swift: HostileTests"])
        #expect(Self.pureSuitesTimedByTheClock(sources: sample, pure: []).isEmpty)
    }

    @Test func everySuiteThatStartsARealPartRunsInTheRealTimePhase() throws {
        let sources = try Self.testSources()
        let unlisted = Self.unlistedRealTimeSuites(sources: sources, listed: try Self.listed("real-time-suites.txt"))
        #expect(unlisted.isEmpty, "these suites start a real part: list them in scripts/real-time-suites.txt: \(unlisted)")
    }

    @Test func everyListedNameIsASuite() throws {
        let declared = Set(try Self.testSources().flatMap { Self.suites(in: $0.text) })
        for list in ["real-time-suites.txt", "fast-suites.txt", "idle-time-suites.txt"] {
            let listed = try Self.listed(list)
            #expect(!listed.isEmpty, "scripts/\(list) lists nothing")
            #expect(listed.subtracting(declared).isEmpty, "scripts/\(list) names no suite: \(listed.subtracting(declared).sorted())")
        }
        // The quick lane and the idle-time lane leave every real-time suite out.
        let realTime = try Self.listed("real-time-suites.txt")
        #expect(try Self.listed("fast-suites.txt").isDisjoint(with: realTime))
        #expect(try Self.listed("idle-time-suites.txt").isDisjoint(with: realTime))
    }

    @Test func theCheckCatchesAnUnlistedSuite() {
        let source = (path: "Tests/KioskTests/NewRoomTests.swift",
                      text: "@Suite(.serialized) struct NewRoomTests {\n    @Test func heard() throws {\n        let pulse = try PulseFixture(sink: \"room\")\n    }\n}\n@Suite final class OtherTests {\n    @Test func a() {}\n}\n")
        #expect(Self.unlistedRealTimeSuites(sources: [source], listed: ["OtherTests"]) == ["Tests/KioskTests/NewRoomTests.swift: NewRoomTests"])
        #expect(Self.unlistedRealTimeSuites(sources: [source], listed: ["NewRoomTests", "OtherTests"]).isEmpty)
        #expect(Self.suites(in: "@Suite struct A {\n    @Test func a() {}\n}\nstruct B {\n    @Test func b() {}\n}\nstruct Figure {\n    let heard: Int\n}\n@Suite(.tags(.slow)) final class C {\n    @Test func c() {}\n}\n") == ["A", "B", "C"])
    }
}
