/// What a check, or a merge of sliced checks, found over its scenes: the counts its last line
/// gives, and that line.
public struct GoldenCheckTally: Equatable {
    /// The scenes' results, in order.
    public let results: [GoldenSceneResult]

    /// The tally of `results`.
    public init(_ results: [GoldenSceneResult]) { self.results = results }

    /// Golden frames compared.
    public var frames: Int { results.reduce(0) { $0 + $1.frames.count } }
    /// Frames that differ, are missing, unreadable or of another size.
    public var frameProblems: Int { results.reduce(0) { $0 + $1.problems.count } }
    /// Trace, sound and rule problems.
    public var runProblems: Int { results.reduce(0) { $0 + $1.run.problems.count } }
    /// Rule checks made.
    public var rules: Int { results.reduce(0) { $0 + $1.run.rules.count } }
    /// Whether nothing differs, is missing or breaks a rule.
    public var passed: Bool { frameProblems == 0 && runProblems == 0 }
    /// Frames that pass only by tolerance, not bit-identical: goldens drifting from the
    /// renderer unnoticed.
    public var drifted: Int {
        results.reduce(0) { $0 + $1.frames.filter { $0.status == .passed && $0.comparison?.identical == false }.count }
    }

    /// Whether the check passes: nothing differs, and under `check --exact` no frame passes
    /// only by tolerance either.
    public func passed(exact: Bool) -> Bool { passed && !(exact && drifted > 0) }

    /// What the frame problems are: `differ or are missing`, and `cannot be read` when some
    /// goldens cannot (an unreadable golden is not a missing one).
    var frameProblemVerbs: String {
        let unreadable = results.reduce(0) { $0 + $1.frames.filter { $0.status.isError && $0.status != .missing }.count }
        if unreadable == 0 { return "differ or are missing" }
        return unreadable == frameProblems ? "cannot be read" : "differ, are missing or cannot be read"
    }

    /// The drift count as the end of the check line: `; 3 passed but not bit-identical (…)`,
    /// nothing when every passing frame is bit-identical.
    func driftWords(exact: Bool) -> String {
        drifted == 0 ? "" : "; \(drifted) passed but not bit-identical"
            + (exact ? " (--exact asks for every frame bit-identical)" : " (`aria-render golden update --all` makes them exact)")
    }

    /// The warnings a check prints after its scenes: each rule whose trigger matched nothing
    /// in every scene of `manifest` it applies to. None for a `--shard` slice (`sliced`), which
    /// sees only some scenes: `report merge` warns, over them all.
    public func warnings(sliced: Bool, manifest: GoldenManifest) -> [String] {
        sliced ? [] : GoldenRuleResult.idleRuleWarnings(results, manifest: manifest)
    }

    /// `90 frames, 5 traces, 5 soundtracks and 30 rule checks`: what was compared (`frames` of
    /// them frames; the rule checks left out unless `countingRules`).
    public func checkedWords(frames: Int, countingRules: Bool = true) -> String {
        var words: [String] = []
        if frames > 0 { words.append(counted(frames, "frame")) }
        let traces = results.filter { $0.run.trace != nil }.count
        if traces > 0 { words.append(counted(traces, "trace")) }
        let sounds = results.filter { $0.run.sound != nil }.count
        if sounds > 0 { words.append(counted(sounds, "soundtrack")) }
        if rules > 0 && countingRules { words.append(counted(rules, "rule check")) }
        guard words.count > 1 else { return words.first ?? "nothing" }
        return words.dropLast().joined(separator: ", ") + " and " + words.last!
    }

    /// The last line of `check`: all matched, or what differs and where the report is, with
    /// the count of frames that pass but are not bit-identical (`exact`: `check --exact`).
    public func checkLine(reportFolder: String, exact: Bool = false) -> String {
        let drift = driftWords(exact: exact)
        if passed {
            let scenes = results.count == 1 ? "1 scene matches its goldens" : "all \(counted(results.count, "scene")) match their goldens"
            return "check: \(scenes) (\(checkedWords(frames: frames, countingRules: false)))"
                + (rules > 0 ? "; \(counted(rules, "rule check")) kept" : "") + drift
                + "; report in \(reportFolder)/index.html"
        }
        let failing = results.filter { !$0.passed }.count
        var what: [String] = []
        if frameProblems > 0 { what.append("\(frameProblems) of \(counted(frames, "frame")) \(frameProblemVerbs)") }
        if runProblems > 0 { what.append("\(counted(runProblems, "trace, sound or rule problem")) (of \(checkedWords(frames: frames)))") }
        return "check: \(what.joined(separator: ", ")), in \(failing) of \(counted(results.count, "scene"))\(drift); see \(reportFolder)/index.html"
    }

    /// The line of `report merge`: how many slices, frames and scenes were joined, what differs,
    /// and where the merged report is.
    public func mergeLine(slices: Int, parts: GoldenParts, reportFolder: String) -> String {
        let run = parts.isDisjoint(with: [.traces, .sound]) ? ""
            : " and \(checkedWords(frames: 0)), \(counted(runProblems, "trace, sound or rule problem"))"
        return "report merge: \(slices) slices, \(frames) frames of \(results.count) scenes, \(frameProblems) differ or are missing\(run); "
            + "\(reportFolder)/index.html, \(reportFolder)/junit.xml"
    }
}

/// "1 frame", "2 frames": a count with its noun.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) " + (count == 1 ? noun : noun + "s")
}
