import Fingerprint
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Golden
import ImageDiff
import Testing

/// A change reached by many frames is one row of the report, the frames that repeat it folded
/// beneath; the summary at the top links each failing scene and each of its changes.
@Suite struct FrameChangeGroupTests {
    func failed(_ frame: Int, _ box: (Int, Int, Int, Int)) -> GoldenFrameResult {
        let region = DiffRegion(x: box.0, y: box.1, width: box.2, height: box.3, pixels: 100)
        return GoldenFrameResult(frame: frame, status: .failed,
                                 comparison: ImageComparison(identical: false, sizeMismatch: false, differentPixels: 100, antialiasedPixels: 0,
                                                             totalPixels: 640 * 360, regions: [region]),
                                 goldenPath: "Golden/x/" + GoldenScene.fileName(frame: frame))
    }

    /// The moved princess of the default scene: twenty frames, boxes that shift and grow as she
    /// moves and jumps, one change; a difference elsewhere is another; a missing golden a third.
    var frames: [GoldenFrameResult] {
        [failed(0, (354, 188, 81, 119)), failed(15, (355, 188, 80, 119)), failed(114, (337, 141, 116, 179)),
         failed(150, (10, 10, 30, 30)), failed(258, (348, 110, 94, 179)),
         GoldenFrameResult(frame: 299, status: .missing, comparison: nil, goldenPath: "Golden/x/frame_00299.png")]
    }

    @Test func framesThatDifferInOnePlaceAreOneChange() {
        let groups = FrameChangeGroup.groups(frames)
        #expect(groups.map { $0.frames.map(\.frame) } == [[0, 15, 114, 258], [150], [299]])
        #expect(groups[0].words == "4 frames, 0–258: 81×119 at (354, 188)")
        #expect(groups[2].words == "frame 299: no golden")
    }

    @Test func theReportShowsEachChangeOnceWithASummaryLinkingThem() throws {
        let scene = GoldenScene(name: "princess/default", sceneFile: "d.yaml", width: 640, height: 360, frames: frames.map(\.frame),
                                tolerance: GoldenTolerance(), regions: [])
        let passing = GoldenScene(name: "princess/gestures", sceneFile: "g.yaml", width: 640, height: 360, frames: [0],
                                  tolerance: GoldenTolerance(), regions: [])
        let results = [GoldenSceneResult(scene: scene, frames: frames, seconds: 1),
                       GoldenSceneResult(scene: passing, frames: [GoldenFrameResult(frame: 0, status: .passed, comparison: nil, goldenPath: "p")], seconds: 1)]
        let html = HTMLReport.html(results, fingerprint: .current, goldenFingerprint: nil)
        #expect(XMLParser(data: Data(html.utf8)).parse(), "well-formed")
        let top = try #require(html.range(of: "<ul class=\"changes\">"))
        let section = try #require(html.range(of: "<h2 id=\"scene-princess-default\">"))
        #expect(top.lowerBound < section.lowerBound, "the summary comes first")
        let summary = String(html[top.lowerBound..<section.lowerBound])
        #expect(summary.contains("<a href=\"#scene-princess-default\">princess/default</a>: 6 frames in 3 distinct changes"), "\(summary)")
        #expect(summary.contains("<a href=\"#f1\">4 frames, 0–258: 81×119 at (354, 188)</a>"), "\(summary)")
        #expect(!summary.contains("princess/gestures"), "a passing scene has no change to link")
        // One row per change outside the folds; the frames repeating a change inside one.
        let folded = html.components(separatedBy: "<details class=\"same\">")
        #expect(folded.count == 2, "one fold: \(folded.count - 1)")
        #expect(html.contains("<summary>3 more frames with the same change: 15, 114, 258</summary>"))
        let outside = folded[0].components(separatedBy: "class=\"frame\"").count - 1
            + (folded[1].components(separatedBy: "</details>").dropFirst().joined().components(separatedBy: "class=\"frame\"").count - 1)
        #expect(outside == 3, "three changes, three rows: \(outside)")
    }
}
