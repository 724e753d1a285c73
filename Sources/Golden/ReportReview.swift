import Fingerprint
import Foundation
import GameKit

/// A report under review in the studio: for each failing scene and each frame shown, a form
/// that approves it (the studio runs `golden update` for just that) and one that rejects it,
/// and what was decided so far. The report written by `check` has none of it.
public struct ReportReview: Sendable {
    /// What is decided on: a scene's goldens, or one frame's when `frame` is given.
    public struct Target: Hashable, Sendable {
        public var scene: String
        public var frame: Int?

        /// The target from its parts.
        public init(scene: String, frame: Int? = nil) {
            self.scene = scene
            self.frame = frame
        }
    }

    /// What became of a target.
    public enum Decision: Equatable, Sendable {
        /// Approved: the golden files the update wrote (none when nothing changed).
        case approved(wrote: [String])
        /// Rejected: the goldens were left as they are.
        case rejected
        /// The update was asked for and failed: why.
        case failed(String)
    }

    /// Where the forms post: `<actionPath>/approve?scene=…&frame=…` and `<actionPath>/reject?…`.
    public var actionPath: String
    /// The decisions so far.
    public var decisions: [Target: Decision]

    /// A review posting to `actionPath`, with `decisions` taken.
    public init(actionPath: String, decisions: [Target: Decision] = [:]) {
        self.actionPath = actionPath
        self.decisions = decisions
    }

    /// The forms and the decision for `target`, as a block of the page.
    func controls(_ target: Target, anchor: String) -> String {
        var query = "scene=" + Self.queryValue(target.scene)
        if let frame = target.frame { query += "&amp;frame=\(frame)" }
        let what = target.frame.map { "frame \($0)" } ?? "scene \(escape(target.scene))"
        let state: String
        switch decisions[target] {
        case .approved(let files)?:
            state = "<p class=\"decision approved\">approved: "
                + (files.isEmpty ? "nothing to write, the goldens already hold it" : "wrote " + files.map(escape).joined(separator: ", ")) + "</p>"
        case .rejected?: state = "<p class=\"decision rejected\">rejected: the goldens are left as they are</p>"
        case .failed(let why)?: state = "<p class=\"decision failed\">approving failed: \(escape(why))</p>"
        case nil: state = ""
        }
        return "<div class=\"review\" id=\"\(anchor)\" data-scene=\"\(escape(target.scene))\"\(target.frame.map { " data-frame=\"\($0)\"" } ?? "")>"
            + "<form method=\"post\" action=\"\(actionPath)/approve?\(query)\"><button type=\"submit\" class=\"approve\">approve \(what)</button></form>"
            + "<form method=\"post\" action=\"\(actionPath)/reject?\(query)\"><button type=\"submit\" class=\"reject\">reject \(what)</button></form>"
            + state + "</div>"
    }

    /// The anchor of a target's block, so a decision can send the reader back to it.
    public static func anchor(_ target: Target) -> String {
        "review-" + target.scene.map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined() + (target.frame.map { "-\($0)" } ?? "")
    }

    static let style = """
        .review { margin: 0.5em 0; }
        .review form { display: inline; margin-right: 0.5em; }
        .review button.approve { color: #0a6b2d; }
        .review button.reject { color: #b00020; }
        p.decision { margin: 0.3em 0; font-weight: bold; }
        p.decision.approved { color: #0a6b2d; }
        p.decision.rejected, p.decision.failed { color: #b00020; }
        """

    private static func queryValue(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#;")
        return escape(text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }

    private func escape(_ text: String) -> String { JUnitReport.escape(text) }
    private static func escape(_ text: String) -> String { JUnitReport.escape(text) }
}

extension ReportReview {
    /// The page of the check report in `reportFolder` (read from its results.json, scenes
    /// looked up in `manifest`) with this review's forms and decisions; links are relative to
    /// the report folder, so the page is served from it. Throws `GoldenResultsFile.Failure`.
    public func page(reportFolder: String, manifest: GoldenManifest, games: GameCatalogue) throws -> String {
        let contents = try GoldenResultsFile.read(reportFolder + "/" + GoldenResultsFile.fileName, scenes: manifest.scenes,
                                                  reportFolder: reportFolder)
        return HTMLReport.html(contents.results, fingerprint: .current(of: games), goldenFingerprint: manifest.fingerprint,
                               reportFolder: reportFolder, approvalCommand: GoldenReportFiles.approvalCommand, review: self)
    }
}
