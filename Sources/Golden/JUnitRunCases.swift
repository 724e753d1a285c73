/// A scene's trace, sound and rules as JUnit test cases: `trace.jsonl`, `sound.flac` and one
/// `rule NAME` each. A difference or a broken rule is a failure, a golden that is missing
/// or unreadable an error.
enum JUnitRunCases {
    struct Cases {
        var lines: [String] = []
        var tests = 0
        var failures = 0
        var errors = 0
    }

    static func cases(_ result: GoldenSceneResult) -> Cases {
        var cases = Cases()
        let scene = JUnitReport.escape(result.scene.name)
        func add(_ name: String, failure: (type: String, message: String, detail: String)?, error: (type: String, message: String)?) {
            cases.tests += 1
            let open = "    <testcase classname=\"golden.\(scene)\" name=\"\(JUnitReport.escape(name))\""
            if let failure {
                cases.failures += 1
                cases.lines += [open + ">",
                                "      <failure message=\"\(JUnitReport.escape(failure.message))\" type=\"\(failure.type)\">\(JUnitReport.escape(failure.detail))</failure>",
                                "    </testcase>"]
            } else if let error {
                cases.errors += 1
                cases.lines += [open + ">", "      <error message=\"\(JUnitReport.escape(error.message))\" type=\"\(error.type)\"/>", "    </testcase>"]
            } else {
                cases.lines.append(open + "/>")
            }
        }
        func missing(_ what: String, _ restore: String?) -> (type: String, message: String) {
            ("GoldenMissing", GoldenRestoreHint.missingWords(what, restore: restore))
        }
        if let trace = result.run.trace {
            let words = trace.differences.map(\.words)
            add(GoldenRunTolerance.traceFileName,
                failure: words.isEmpty ? nil : ("TraceDiffers", "\(words.count) difference\(words.count == 1 ? "" : "s"), first: \(words[0])",
                                                words.prefix(50).joined(separator: "\n")),
                error: trace.missing ? missing("golden trace", trace.restoreCommand) : nil)
        }
        if let sound = result.run.sound {
            let words = sound.differences.map(\.words)
            add(GoldenRunTolerance.soundFileName,
                failure: words.isEmpty ? nil : ("SoundDiffers", "\(words.count) difference\(words.count == 1 ? "" : "s"), first: \(words[0])",
                                                words.prefix(50).joined(separator: "\n")),
                error: sound.missing ? missing("golden soundtrack", sound.restoreCommand)
                    : sound.unreadable.map { ("GoldenUnreadable", "the golden soundtrack cannot be read: \($0); "
                                              + GoldenRestoreHint.unreadableWords(restore: sound.restoreCommand)) })
        }
        for rule in result.run.rules {
            let messages = rule.violations.map { violation in
                violation.message + "\n" + violation.events.map { "  \($0.line): \($0.text)" }.joined(separator: "\n")
            }
            add("rule \(rule.rule.name)",
                failure: messages.isEmpty ? nil : ("RuleBroken", "broken \(messages.count) time\(messages.count == 1 ? "" : "s"): \(rule.violations[0].message)",
                                                   messages.prefix(50).joined(separator: "\n")),
                error: nil)
        }
        return cases
    }
}
