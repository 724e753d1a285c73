import Fingerprint
import Foundation

/// The results as one HTML page (no network, no script) beside the report's PNGs and sounds
/// (the goldens' copies among them, so the folder stands on its own), which it links rather
/// than embeds, so a report of many failing frames stays small: a line per
/// scene linking to its frames, and for each frame that did not pass its golden, actual and
/// diff side by side (each opens full size on click), with a switch that flickers between
/// golden and actual where there is a golden. The page is well-formed XML, so tools and tests
/// can parse it.
public enum HTMLReport {
    /// The page, to be written into `reportFolder` (links are relative to it).
    /// `approvalCommand` is what a reader runs to approve a frame that has no golden yet;
    /// `stopped`, why the check stopped before its last scene (the results are those it had);
    /// `review`, the approve and reject forms and decisions when the studio serves the page.
    public static func html(_ results: [GoldenSceneResult], fingerprint: LibraryFingerprint,
                            goldenFingerprint: LibraryFingerprint?, reportFolder: String = ".",
                            approvalCommand: String? = nil, stopped: String? = nil, review: ReportReview? = nil) -> String {
        let failed = results.filter { !$0.passed }.count
        var body: [String] = []
        if let stopped {
            body.append("<h1 class=\"stopped\">aria-render check stopped before it finished</h1>")
            body.append("<pre class=\"stopped\">\(escape(stopped))</pre>")
            body.append("<p>\(results.isEmpty ? "No scene was checked." : "The scenes checked before it stopped:")</p>")
        } else {
            body.append("<h1>aria-render check: \(failed == 0 ? "all scenes pass" : "\(failed) of \(results.count) scenes differ")</h1>")
        }
        body.append("<p class=\"libs\">Rendered with \(escape(fingerprint.description))"
            + (goldenFingerprint.map { $0 == fingerprint ? "; goldens made with the same." : "; <strong>goldens made with \(escape($0.description))</strong>: differences may come from the libraries." } ?? ".")
            + "</p>")
        body.append("<table class=\"summary\"><tr><th>scene</th><th>frames</th><th>differ</th><th>missing</th><th>unreadable</th><th>seconds</th><th>trace, sound, rules</th></tr>")
        for result in results {
            let differ = result.frames.filter(\.status.isFailure).count
            let missing = result.frames.filter { $0.status == .missing }.count
            let unreadable = result.frames.filter(\.status.isError).count - missing
            let name = result.passed ? escape(result.scene.name) : "<a href=\"#\(anchor(result.scene))\">\(escape(result.scene.name))</a>"
            body.append("<tr class=\"\(result.passed ? "pass" : "fail")\"><td>\(name)</td><td>\(result.frames.count)</td><td>\(differ)</td><td>\(missing)</td><td>\(unreadable)</td><td>\(String(format: "%.2f", result.seconds))</td><td>\(escape(result.run.reportCell))</td></tr>")
        }
        body.append("</table>")
        // Each failing scene's changes, each linked: a change reached by twenty frames is one row.
        let failing = results.filter { !$0.passed }
        let grouped = failing.map { FrameChangeGroup.groups($0.problems) }
        var index = 0
        var sections: [String] = []
        var changes: [String] = []
        for (result, groups) in zip(failing, grouped) {
            sections.append("<h2 id=\"\(anchor(result.scene))\">\(escape(result.scene.name))</h2>")
            if let review {
                let target = ReportReview.Target(scene: result.scene.name)
                sections.append(review.controls(target, anchor: ReportReview.anchor(target)))
            }
            var links: [String] = []
            for group in groups {
                index += 1
                links.append("<a href=\"#f\(index)\">\(escape(group.words))</a>")
                sections.append(section(result.scene, group.frames[0], id: index, reportFolder: reportFolder, approvalCommand: approvalCommand, review: review))
                guard group.frames.count > 1 else { continue }
                let rest = group.frames.dropFirst()
                sections.append("<details class=\"same\"><summary>\(rest.count) more frame\(rest.count == 1 ? "" : "s") with the same change: "
                                + rest.map { String($0.frame) }.joined(separator: ", ") + "</summary>")
                for frame in rest {
                    index += 1
                    sections.append(section(result.scene, frame, id: index, reportFolder: reportFolder, approvalCommand: approvalCommand, review: review))
                }
                sections.append("</details>")
            }
            sections.append(HTMLRunSections.sections(result, reportFolder: reportFolder))
            let frameWords = groups.isEmpty ? [] : ["\(result.problems.count) frame\(result.problems.count == 1 ? "" : "s") in "
                + "\(groups.count) distinct change\(groups.count == 1 ? "" : "s"): " + links.joined(separator: "; ")]
            let runWords = result.run.problems.map(escape)
            changes.append("<li><a href=\"#\(anchor(result.scene))\">\(escape(result.scene.name))</a>: "
                           + (frameWords + runWords).joined(separator: "; ") + "</li>")
        }
        if !changes.isEmpty { body.append("<ul class=\"changes\">\n" + changes.joined(separator: "\n") + "\n</ul>") }
        body += sections
        return """
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
        <head>
        <meta charset="utf-8"/>
        <title>aria-render check</title>
        <style>
        body { font-family: sans-serif; margin: 2em; color: #222; }
        .libs { color: #555; }
        .stopped { color: #b00020; }
        ul.changes li { margin: 0.3em 0; }
        details.same { margin-top: 1em; }
        details.same > summary { cursor: pointer; color: #555; }
        table.summary td, table.summary th { padding: 0.2em 0.8em; text-align: left; }
        tr.fail td { color: #b00020; font-weight: bold; }
        .frame { border-top: 1px solid #ccc; margin-top: 1.5em; padding-top: 0.5em; }
        .images { display: flex; gap: 1em; flex-wrap: wrap; }
        figure { margin: 0; }
        /* A caption wraps to its image's width instead of widening the figure (golden, actual and diff stay in one row). */
        .images figcaption { width: 0; min-width: 100%; }
        figure img { max-width: 420px; border: 1px solid #ddd; image-rendering: pixelated; }
        .stack { position: relative; display: inline-block; }
        .stack img.over { position: absolute; left: 0; top: 0; opacity: 0; }
        input.flicker:checked ~ .images .stack img.over { animation: flick 0.8s steps(1) infinite; }
        @keyframes flick { 0% { opacity: 0; } 50% { opacity: 1; } }
        .views { display: flex; gap: 1em; flex-wrap: wrap; margin-top: 0.8em; }
        .views img { width: 420px; max-width: none; display: block; border: 0; }
        .compare, .blend { position: relative; display: inline-block; isolation: isolate; }
        .compare .before { position: absolute; left: 0; top: 0; bottom: 0; width: 50%; min-width: 4px; max-width: 100%;
                           overflow: hidden; resize: horizontal; border-right: 2px solid #b00020; }
        .blend img.difference { position: absolute; left: 0; top: 0; mix-blend-mode: difference; }
        .views figcaption { width: 420px; }
        \(ReportReview.style)
        \(HTMLRunSections.style)
        </style>
        </head>
        <body>
        \(body.joined(separator: "\n"))
        </body>
        </html>

        """
    }

    private static func anchor(_ scene: GoldenScene) -> String {
        "scene-" + scene.name.map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }

    private static func section(_ scene: GoldenScene, _ frame: GoldenFrameResult, id: Int, reportFolder: String,
                                approvalCommand: String?, review: ReportReview?) -> String {
        let title = "\(escape(scene.name)) frame \(frame.frame)"
        var detail = (frame.problem ?? "") + "."
        if frame.status == .missing, frame.restoreCommand == nil, let approvalCommand { detail += " Approve it with \(approvalCommand)." }
        func link(_ path: String?) -> String? {
            guard let path, FileManager.default.fileExists(atPath: path) else { return nil }
            return escape(relativePath(path, from: reportFolder))
        }
        // The golden's copy in the report, never Golden/ itself: a downloaded or old report
        // must show the golden it was compared with.
        let golden = link(frame.goldenCopyPath), actual = link(frame.actualPath), diff = link(frame.diffPath)
        func image(_ source: String, _ alt: String, over: Bool = false) -> String {
            "<a href=\"\(source)\"><img\(over ? " class=\"over\"" : "") src=\"\(source)\" alt=\"\(alt)\"/></a>"
        }
        var figures: [String] = []
        var flicker = ""
        if let golden, let actual, frame.status == .failed {
            figures.append("<figure><div class=\"stack\">\(image(golden, "golden"))\(image(actual, "actual", over: true))</div>"
                + "<figcaption>golden (flickers to actual when switched on)</figcaption></figure>")
            flicker = "<input type=\"checkbox\" class=\"flicker\" id=\"flicker\(id)\"/><label for=\"flicker\(id)\"> flicker golden and actual</label>"
        } else if let golden {
            figures.append("<figure>\(image(golden, "golden"))<figcaption>golden</figcaption></figure>")
        }
        if let actual { figures.append("<figure>\(image(actual, "actual"))<figcaption>actual</figcaption></figure>") }
        let target = ReportReview.Target(scene: scene.name, frame: frame.frame)
        var views = ""
        if let golden, let actual, frame.status == .failed {
            // Without script: the golden's half is a box the reader widens by its corner, over the
            // actual; the overlay blends the two in difference, black wherever they agree.
            views = "<div class=\"views\"><figure class=\"slider\"><div class=\"compare\"><img class=\"under\" src=\"\(actual)\" alt=\"actual\"/>"
                + "<div class=\"before\"><img src=\"\(golden)\" alt=\"golden\"/></div></div>"
                + "<figcaption>slider: golden left of the red line, actual right; drag the corner at its foot</figcaption></figure>"
                + "<figure class=\"overlay\"><div class=\"blend\"><img src=\"\(golden)\" alt=\"golden\"/><img class=\"difference\" src=\"\(actual)\" alt=\"actual\"/></div>"
                + "<figcaption>overlay: actual over golden in difference, black where they agree</figcaption></figure></div>"
        }
        if let diff { figures.append("<figure>\(image(diff, "diff"))<figcaption>diff: red lighter now, green darker now, yellow anti-aliasing, magenta boxes around what differs</figcaption></figure>") }
        return """
        <div class="frame" id="f\(id)">
        <h3>\(title)</h3>
        <p>\(escape(detail))</p>
        \(flicker)
        <div class="images">\(figures.joined())</div>
        \(views)\(review.map { $0.controls(target, anchor: ReportReview.anchor(target)) } ?? "")
        </div>
        """
    }

    /// `path` as seen from `folder`, so the report can be moved with its files.
    static func relativePath(_ path: String, from folder: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...]).joined(separator: "/")
    }

    private static func escape(_ text: String) -> String { JUnitReport.escape(text) }
}
