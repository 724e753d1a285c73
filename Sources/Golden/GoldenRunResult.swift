import Trace

/// A rule of the manifest checked against a scene's run.
public struct GoldenRuleResult: Sendable, Equatable, Codable {
    public var rule: SceneRule
    /// Every way the run broke it; empty when kept.
    public var violations: [RuleViolation]
    /// How many events of the run matched its trigger (nil: a rule with none, such as `never`).
    public var matched: Int?
}

/// What `check` found beyond the frames of one scene: its trace, its sound, its rules (each
/// nil or empty when that part was not checked).
public struct GoldenRunResult: Sendable, Equatable, Codable {
    public var trace: GoldenTraceResult?
    public var sound: GoldenSoundResult?
    public var rules: [GoldenRuleResult] = []
    /// Events in the run.
    public var events = 0

    public init() {}

    /// The command that makes a missing golden trace or sound.
    public static let approvalCommand = "aria-render golden update --missing-only"

    /// Problems in one line each, for the terminal and the reports: the trace's first
    /// differences, the sound's, each broken rule with its first violations.
    public var problems: [String] {
        var lines: [String] = []
        if let trace {
            if trace.missing {
                lines.append("trace: " + GoldenRestoreHint.missingWords("golden trace", restore: trace.restoreCommand))
            } else if !trace.differences.isEmpty {
                lines.append("trace: \(trace.differences.count) difference\(trace.differences.count == 1 ? "" : "s"), "
                             + "first: \(trace.differences[0].words)")
            }
        }
        if let sound {
            if sound.missing {
                lines.append("sound: " + GoldenRestoreHint.missingWords("golden soundtrack", restore: sound.restoreCommand))
            } else if let why = sound.unreadable {
                lines.append("sound: the golden soundtrack cannot be read: \(why); " + GoldenRestoreHint.unreadableWords(restore: sound.restoreCommand))
            } else if !sound.differences.isEmpty {
                lines.append("sound: \(sound.differences.count) difference\(sound.differences.count == 1 ? "" : "s") a listener would hear, "
                             + "first: \(sound.differences[0].words)")
            }
        }
        for result in rules where !result.violations.isEmpty {
            lines.append("rule \(result.rule.name) broken \(result.violations.count) time\(result.violations.count == 1 ? "" : "s"): "
                         + result.violations[0].message)
        }
        return lines
    }

    /// The problems with the first few differences and violations under each, for a terminal.
    public var details: [String] {
        var lines: [String] = []
        let shown = 5
        for problem in problems {
            lines.append(problem)
            var more: [String] = []
            if problem.hasPrefix("trace: "), let trace { more = trace.differences.dropFirst().map(\.words) }
            if problem.hasPrefix("sound: "), let sound { more = sound.differences.dropFirst().map(\.words) }
            if problem.hasPrefix("rule "), let rule = rules.first(where: { problem.hasPrefix("rule \($0.rule.name) ") }) {
                more = rule.violations.dropFirst().map(\.message)
            }
            lines += more.prefix(shown).map { "    " + $0 }
            if more.count > shown { lines.append("    … and \(more.count - shown) more in the report") }
        }
        return lines
    }

    /// The report table's words for the run: every problem, then what matched, so a scene whose
    /// trace differs still says that its sound was identical and how many rules it kept.
    public var reportCell: String {
        (problems + [summary].filter { !$0.isEmpty }).joined(separator: "; ")
    }

    /// Whether everything checked matched and every rule was kept.
    public var passed: Bool { problems.isEmpty }

    /// What matched, in a few words: `trace (140 events) and sound identical, 6 rules kept`.
    public var summary: String {
        var parts: [String] = []
        var same: [String] = []
        if let trace, !trace.missing, trace.differences.isEmpty {
            same.append(trace.identical ? "trace (\(events) events)" : "trace (\(events) events, within tolerance)")
        }
        if let sound, !sound.missing, sound.unreadable == nil, sound.differences.isEmpty {
            same.append(sound.identical ? "sound" : "sound (as a listener hears it)")
        }
        if !same.isEmpty { parts.append(same.joined(separator: " and ") + " identical") }
        if !rules.isEmpty {
            let kept = rules.filter { $0.violations.isEmpty }.count
            parts.append(kept == rules.count ? "\(rules.count) rule\(rules.count == 1 ? "" : "s") kept" : "\(kept) of \(rules.count) rules kept")
        }
        return parts.joined(separator: ", ")
    }
}
