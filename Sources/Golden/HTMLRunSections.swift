import Foundation

/// The report's sections for a scene's trace, sound and rules: the trace's timeline with the
/// differences marked and the differing trace lines side by side, the sound's differences with a picture of the first differing second and
/// both soundtracks to play, each broken rule with the events that broke it.
enum HTMLRunSections {
    /// The most rows shown per table; the rest are counted.
    static let maxRows = 200

    static let style = """
    table.lines { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
    table.lines td, table.lines th { border: 1px solid #ddd; padding: 0.2em 0.4em; vertical-align: top; text-align: left; }
    table.lines td.json { font-family: monospace; white-space: pre-wrap; word-break: break-all; max-width: 34em; }
    td.gone { background: #fde8ea; } td.new { background: #e6f4ea; }
    .run { border-top: 1px solid #ccc; margin-top: 1.5em; padding-top: 0.5em; }
    figure.timeline svg { max-width: 100%; height: auto; }
    .run.sound figure img { max-width: 100%; }
    """

    static func sections(_ result: GoldenSceneResult, reportFolder: String) -> String {
        let run = result.run
        var html: [String] = []
        if let trace = run.trace, trace.missing || !trace.differences.isEmpty { html.append(traceSection(trace, reportFolder)) }
        if let sound = run.sound, sound.missing || sound.unreadable != nil || !sound.differences.isEmpty {
            html.append(soundSection(sound, reportFolder))
        }
        let broken = run.rules.filter { !$0.violations.isEmpty }
        if !broken.isEmpty { html.append(rulesSection(broken, kept: run.rules.count - broken.count)) }
        return html.joined(separator: "\n")
    }

    private static func traceSection(_ trace: GoldenTraceResult, _ folder: String) -> String {
        var html = ["<div class=\"run trace\">", "<h3>trace</h3>"]
        if trace.missing {
            html.append("<p>\(escape(GoldenRestoreHint.missingWords("golden trace", restore: trace.restoreCommand))).</p>")
            return (html + ["</div>"]).joined(separator: "\n")
        }
        html.append("<p>\(trace.differences.count) difference\(trace.differences.count == 1 ? "" : "s") between the golden trace "
                    + "(\(trace.goldenLines) lines) and this run's (\(trace.actualLines) lines)"
                    + (trace.actualPath.map { "; <a href=\"\(link($0, folder))\">this run's trace</a>" } ?? "") + ".</p>")
        if let picture = timelinePicture(trace) { html.append(picture) }
        html.append("<table class=\"lines\"><tr><th>what differs</th><th>golden</th><th>now</th></tr>")
        for difference in trace.differences.prefix(maxRows) {
            let golden = difference.golden.map { "\($0.number): \($0.text)" } ?? ""
            let actual = difference.actual.map { "\($0.number): \($0.text)" } ?? ""
            html.append("<tr><td>\(escape(difference.words))</td><td class=\"json gone\">\(escape(golden))</td>"
                        + "<td class=\"json new\">\(escape(actual))</td></tr>")
        }
        html.append("</table>")
        if trace.differences.count > maxRows { html.append("<p>… and \(trace.differences.count - maxRows) more.</p>") }
        return (html + ["</div>"]).joined(separator: "\n")
    }

    /// The timeline of the run's trace with the differences marked, drawn inline from the two
    /// traces in the report folder (as the studio draws it); nil when either is not there.
    private static func timelinePicture(_ trace: GoldenTraceResult) -> String? {
        guard let goldenPath = trace.goldenCopyPath, let actualPath = trace.actualPath,
              let golden = try? String(contentsOfFile: goldenPath, encoding: .utf8),
              let actual = try? String(contentsOfFile: actualPath, encoding: .utf8) else { return nil }
        func lines(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
        let timeline = TraceTimeline(golden: lines(golden), actual: lines(actual), differences: trace.differences)
        let svg = TraceTimelinePicture.svg(timeline, frameCount: trace.frameCount ?? 0, framesPerSecond: trace.framesPerSecond ?? 30)
        return "<figure class=\"timeline\">\(svg)<figcaption>the trace on a timeline, a row per character: hover a tick for "
            + "its line; hollow red only in the golden, solid green only now</figcaption></figure>"
    }

    private static func soundSection(_ sound: GoldenSoundResult, _ folder: String) -> String {
        var html = ["<div class=\"run sound\">", "<h3>sound</h3>"]
        if sound.missing {
            html.append("<p>\(escape(GoldenRestoreHint.missingWords("golden soundtrack", restore: sound.restoreCommand))).</p>")
            return (html + ["</div>"]).joined(separator: "\n")
        }
        if let why = sound.unreadable {
            html.append("<p>The golden soundtrack cannot be read: \(escape(why)); \(escape(GoldenRestoreHint.unreadableWords(restore: sound.restoreCommand))).</p>")
            return (html + ["</div>"]).joined(separator: "\n")
        }
        html.append("<p>The samples differ, and a listener would hear it: \(sound.differences.count) difference"
                    + "\(sound.differences.count == 1 ? "" : "s") (\(sound.goldenOnsets) sounds start in the golden, "
                    + "\(sound.actualOnsets) now).</p>")
        html.append("<ul>" + sound.differences.prefix(maxRows).map { "<li>\(escape($0.words))</li>" }.joined() + "</ul>")
        if let picture = sound.picturePath {
            html.append("<figure><img src=\"\(link(picture, folder))\" alt=\"waveforms of the first differing second\"/>"
                        + "<figcaption>the first differing second: golden above, now below; green ticks where sounds start, "
                        + "red where they differ</figcaption></figure>")
        }
        var players: [String] = []
        if let golden = sound.goldenCopyPath {
            players.append("<figure><audio controls=\"controls\" src=\"\(link(golden, folder))\"></audio><figcaption>golden</figcaption></figure>")
        }
        if let actual = sound.actualPath {
            players.append("<figure><audio controls=\"controls\" src=\"\(link(actual, folder))\"></audio><figcaption>now</figcaption></figure>")
        }
        html.append("<div class=\"images\">" + players.joined() + "</div>")
        return (html + ["</div>"]).joined(separator: "\n")
    }

    private static func rulesSection(_ broken: [GoldenRuleResult], kept: Int) -> String {
        var html = ["<div class=\"run rules\">", "<h3>rules</h3>",
                    "<p>\(broken.count) rule\(broken.count == 1 ? "" : "s") broken, \(kept) kept.</p>"]
        for result in broken {
            let rule = result.rule
            html.append("<h4>\(escape(rule.name))</h4>")
            html.append("<p>" + (rule.says.map { escape($0) + " " } ?? "") + "(\(escape(rule.origin))); broken "
                        + "\(result.violations.count) time\(result.violations.count == 1 ? "" : "s").</p>")
            html.append("<table class=\"lines\"><tr><th>what happened</th><th>the events (trace line: event)</th></tr>")
            for violation in result.violations.prefix(maxRows) {
                let events = violation.events.map { "\($0.line): \($0.text)" }.joined(separator: "\n")
                html.append("<tr><td>\(escape(violation.message))</td><td class=\"json gone\">\(escape(events))</td></tr>")
            }
            html.append("</table>")
        }
        return (html + ["</div>"]).joined(separator: "\n")
    }

    private static func link(_ path: String, _ folder: String) -> String { escape(HTMLReport.relativePath(path, from: folder)) }

    private static func escape(_ text: String) -> String { JUnitReport.escape(text) }
}
