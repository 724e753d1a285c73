import Foundation

/// The results as one self-contained HTML page (images embedded, no network, no script):
/// a line per scene, and for each frame that did not pass its golden, actual and diff side
/// by side, with a switch that flickers between golden and actual so a small shift jumps
/// out. The page is well-formed XML, so tools and tests can parse it.
public enum HTMLReport {
    /// The page.
    /// `approvalCommand` is what a reader runs to approve a frame that has no golden yet.
    public static func html(_ results: [GoldenSceneResult], fingerprint: LibraryFingerprint,
                            goldenFingerprint: LibraryFingerprint?, approvalCommand: String? = nil) -> String {
        let failed = results.filter { !$0.passed }.count
        var body: [String] = []
        body.append("<h1>aria-render check: \(failed == 0 ? "all scenes pass" : "\(failed) of \(results.count) scenes differ")</h1>")
        body.append("<p class=\"libs\">Rendered with \(escape(fingerprint.description))"
            + (goldenFingerprint.map { $0 == fingerprint ? "; goldens made with the same." : "; <strong>goldens made with \(escape($0.description))</strong>: differences may come from the libraries." } ?? ".")
            + "</p>")
        body.append("<table class=\"summary\"><tr><th>scene</th><th>frames</th><th>differ</th><th>missing</th><th>seconds</th></tr>")
        for result in results {
            let differ = result.frames.filter { $0.status == .failed }.count
            let missing = result.frames.count - result.frames.filter { $0.status == .passed || $0.status == .failed }.count
            body.append("<tr class=\"\(result.passed ? "pass" : "fail")\"><td>\(escape(result.scene.name))</td><td>\(result.frames.count)</td><td>\(differ)</td><td>\(missing)</td><td>\(String(format: "%.2f", result.seconds))</td></tr>")
        }
        body.append("</table>")
        var index = 0
        for result in results {
            for frame in result.problems {
                index += 1
                body.append(section(result.scene, frame, id: index, approvalCommand: approvalCommand))
            }
        }
        return """
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
        <head>
        <meta charset="utf-8"/>
        <title>aria-render check</title>
        <style>
        body { font-family: sans-serif; margin: 2em; color: #222; }
        .libs { color: #555; }
        table.summary td, table.summary th { padding: 0.2em 0.8em; text-align: left; }
        tr.fail td { color: #b00020; font-weight: bold; }
        .frame { border-top: 1px solid #ccc; margin-top: 1.5em; padding-top: 0.5em; }
        .images { display: flex; gap: 1em; flex-wrap: wrap; }
        figure { margin: 0; }
        figure img { max-width: 420px; border: 1px solid #ddd; image-rendering: pixelated; }
        .stack { position: relative; display: inline-block; }
        .stack img.over { position: absolute; left: 0; top: 0; opacity: 0; }
        input.flicker:checked ~ .images .stack img.over { animation: flick 0.8s steps(1) infinite; }
        @keyframes flick { 0% { opacity: 0; } 50% { opacity: 1; } }
        </style>
        </head>
        <body>
        \(body.joined(separator: "\n"))
        </body>
        </html>

        """
    }

    private static func section(_ scene: GoldenScene, _ frame: GoldenFrameResult, id: Int, approvalCommand: String?) -> String {
        let title = "\(escape(scene.name)) frame \(frame.frame)"
        var detail: String
        switch frame.status {
        case .failed:
            let comparison = frame.comparison
            let boxes = (comparison?.regions ?? []).prefix(8).map { "\($0.width)×\($0.height) at (\($0.x), \($0.y))" }
            detail = "\(comparison?.differentPixels ?? 0) pixels differ"
                + (boxes.isEmpty ? "" : " in " + boxes.joined(separator: ", "))
                + "; \(comparison?.antialiasedPixels ?? 0) anti-aliased pixels excused."
        case .missing: detail = "No golden frame at \(frame.goldenPath) yet" + (approvalCommand.map { ": approve it with \(escape($0))" } ?? "") + "."
        case .unreadable(let why): detail = "The golden frame cannot be read: \(why)."
        case .passed: detail = ""
        }
        let golden = embedded(frame.goldenPath)
        let actual = frame.actualPath.flatMap(embedded)
        let diff = frame.diffPath.flatMap(embedded)
        var figures: [String] = []
        if let golden, let actual {
            figures.append("<figure><div class=\"stack\"><img src=\"\(golden)\" alt=\"golden\"/><img class=\"over\" src=\"\(actual)\" alt=\"actual\"/></div><figcaption>golden (flickers to actual when switched on)</figcaption></figure>")
        } else if let golden {
            figures.append("<figure><img src=\"\(golden)\" alt=\"golden\"/><figcaption>golden</figcaption></figure>")
        }
        if let actual { figures.append("<figure><img src=\"\(actual)\" alt=\"actual\"/><figcaption>actual</figcaption></figure>") }
        if let diff { figures.append("<figure><img src=\"\(diff)\" alt=\"diff\"/><figcaption>diff: red differs, yellow anti-aliasing</figcaption></figure>") }
        return """
        <div class="frame" id="f\(id)">
        <h2>\(title)</h2>
        <p>\(escape(detail))</p>
        <input type="checkbox" class="flicker" id="flicker\(id)"/><label for="flicker\(id)"> flicker golden and actual</label>
        <div class="images">\(figures.joined())</div>
        </div>
        """
    }

    /// The PNG at `path` as a data URI, so the page stands alone.
    private static func embedded(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return "data:image/png;base64," + data.base64EncodedString()
    }

    private static func escape(_ text: String) -> String { JUnitReport.escape(text) }
}
