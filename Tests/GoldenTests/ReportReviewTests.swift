import Fingerprint
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Golden
import ImageDiff
import Testing
import TestSupport

/// The report shows each changed frame also as a before/after slider and a difference overlay
/// of its golden and actual; served for review, it has an approve and a reject form per scene
/// and per frame shown, and says beside each what was decided.
@Suite struct ReportReviewTests {
    /// A scene with a frame that differs (its golden, actual and diff in the report folder) and one without a golden.
    func results(in folder: String) throws -> [GoldenSceneResult] {
        for name in ["frame_00000_golden.png", "frame_00000_actual.png", "frame_00000_diff.png", "frame_00030_actual.png"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()))
        }
        let region = DiffRegion(x: 10, y: 10, width: 20, height: 20, pixels: 100)
        let differs = GoldenFrameResult(frame: 0, status: .failed,
                                        comparison: ImageComparison(identical: false, sizeMismatch: false, differentPixels: 100, antialiasedPixels: 0,
                                                                    totalPixels: 160 * 90, regions: [region]),
                                        goldenPath: "Golden/a/frame_00000.png", goldenCopyPath: folder + "/frame_00000_golden.png",
                                        actualPath: folder + "/frame_00000_actual.png", diffPath: folder + "/frame_00000_diff.png")
        let missing = GoldenFrameResult(frame: 30, status: .missing, comparison: nil, goldenPath: "Golden/a/frame_00030.png",
                                        actualPath: folder + "/frame_00030_actual.png")
        let scene = GoldenScene(name: "princess/a", sceneFile: "a.yaml", width: 160, height: 90, frames: [0, 30],
                                tolerance: GoldenTolerance(), regions: [])
        return [GoldenSceneResult(scene: scene, frames: [differs, missing], seconds: 1)]
    }

    @Test func aChangedFrameHasASliderAndAnOverlayOfItsGoldenAndActual() throws {
        let folder = try makeTemporaryFolder()
        let html = HTMLReport.html(try results(in: folder), fingerprint: .current, goldenFingerprint: nil, reportFolder: folder)
        #expect(XMLParser(data: Data(html.utf8)).parse(), "well-formed")
        let views = html.components(separatedBy: "<div class=\"views\">")
        #expect(views.count == 2, "one changed frame, one slider and overlay: \(views.count - 1)")
        let frame = views.dropFirst().first ?? ""
        #expect(frame.contains("<figure class=\"slider\"><div class=\"compare\"><img class=\"under\" src=\"frame_00000_actual.png\" alt=\"actual\"/>"
                               + "<div class=\"before\"><img src=\"frame_00000_golden.png\" alt=\"golden\"/></div></div>"), "\(frame)")
        #expect(frame.contains("<div class=\"blend\"><img src=\"frame_00000_golden.png\" alt=\"golden\"/>"
                               + "<img class=\"difference\" src=\"frame_00000_actual.png\" alt=\"actual\"/></div>"), "\(frame)")
        #expect(html.contains("resize: horizontal") && html.contains("mix-blend-mode: difference"))
        #expect(!html.contains("<form") && !html.contains("<script"), "the written report has no forms and no script")
    }

    @Test func underReviewEachSceneAndFrameHasItsFormsAndItsDecision() throws {
        let folder = try makeTemporaryFolder()
        var review = ReportReview(actionPath: "/api/review")
        let plain = HTMLReport.html(try results(in: folder), fingerprint: .current, goldenFingerprint: nil, reportFolder: folder, review: review)
        #expect(XMLParser(data: Data(plain.utf8)).parse(), "well-formed")
        #expect(plain.contains("<form method=\"post\" action=\"/api/review/approve?scene=princess/a\"><button type=\"submit\" class=\"approve\">approve scene princess/a</button></form>"))
        #expect(plain.contains("<form method=\"post\" action=\"/api/review/reject?scene=princess/a\"><button type=\"submit\" class=\"reject\">reject scene princess/a</button></form>"))
        #expect(plain.contains("action=\"/api/review/approve?scene=princess/a&amp;frame=0\"") && plain.contains("action=\"/api/review/reject?scene=princess/a&amp;frame=30\""))
        #expect(plain.contains("<div class=\"review\" id=\"review-princess-a-30\" data-scene=\"princess/a\" data-frame=\"30\">"))
        #expect(!plain.contains("class=\"decision"), "nothing decided yet")

        review.decisions[.init(scene: "princess/a")] = .approved(wrote: ["Golden/princess/a/frame_00000.png", "Golden/princess/a/trace.jsonl"])
        review.decisions[.init(scene: "princess/a", frame: 30)] = .rejected
        let decided = HTMLReport.html(try results(in: folder), fingerprint: .current, goldenFingerprint: nil, reportFolder: folder, review: review)
        #expect(XMLParser(data: Data(decided.utf8)).parse(), "well-formed")
        #expect(decided.contains("<p class=\"decision approved\">approved: wrote Golden/princess/a/frame_00000.png, Golden/princess/a/trace.jsonl</p>"))
        let frame30 = decided.components(separatedBy: "id=\"review-princess-a-30\"").dropFirst().first ?? ""
        #expect(frame30.hasPrefix(" data-scene=\"princess/a\" data-frame=\"30\">") && frame30.contains("<p class=\"decision rejected\">rejected"), "\(frame30.prefix(600))")
    }
}
