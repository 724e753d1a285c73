import Fingerprint
import Foundation
@testable import Golden
import Testing

/// The words a check ends with, and the report table's words for a scene's trace and sound.
@Suite struct CheckLineTests {
    func scene(_ name: String, frames: [Int]) -> GoldenScene {
        GoldenScene(name: name, sceneFile: "s.yaml", width: 160, height: 90, frames: frames, tolerance: GoldenTolerance(), regions: [])
    }

    func passing(_ name: String, frames: [Int], trace: Bool = true, sound: Bool = true) -> GoldenSceneResult {
        var result = GoldenSceneResult(scene: scene(name, frames: frames),
                                       frames: frames.map { GoldenFrameResult(frame: $0, status: .passed, comparison: nil, goldenPath: "g.png") },
                                       seconds: 1)
        if trace { result.run.trace = GoldenTraceResult(goldenLines: 40, actualLines: 40, differences: [], identical: true) }
        if sound { result.run.sound = identicalSound }
        result.run.events = 40
        return result
    }

    let identicalSound = GoldenSoundResult(identical: true, differences: [], goldenOnsets: 3, actualOnsets: 3, seconds: 10, goldenPath: "g.wav")

    @Test func theAllPassLineCountsScenesThenSaysWhatWasCompared() {
        let all = GoldenCheckTally([passing("princess/a", frames: [0, 30]), passing("princess/b", frames: [0])])
        #expect(all.checkLine(reportFolder: "out/report")
                == "check: all 2 scenes match their goldens (3 frames, 2 traces and 2 soundtracks); report in out/report/index.html")
        // `--only traces`: no frames drawn, no sound; it once read "all 2 traces of 2 scenes".
        let traces = GoldenCheckTally([passing("princess/a", frames: [], sound: false), passing("princess/b", frames: [], sound: false)])
        #expect(traces.checkLine(reportFolder: "out/report") == "check: all 2 scenes match their goldens (2 traces); report in out/report/index.html")
        let one = GoldenCheckTally([passing("princess/a", frames: [0], trace: false, sound: false)])
        #expect(one.checkLine(reportFolder: "r") == "check: 1 scene matches its goldens (1 frame); report in r/index.html")
    }

    @Test func theReportsCellSaysWhatMatchedBesideWhatDiffers() throws {
        var result = passing("princess/a", frames: [0])
        result.run.trace = GoldenTraceResult(goldenLines: 0, actualLines: 40, differences: [], identical: false, missing: true,
                                             restoreCommand: "git restore Golden/princess/a/trace.jsonl")
        #expect(result.run.reportCell.hasPrefix("trace: "), "\(result.run.reportCell)")
        #expect(result.run.reportCell.hasSuffix("; sound identical"), "\(result.run.reportCell)")
        let html = HTMLReport.html([result], fingerprint: .current, goldenFingerprint: nil)
        #expect(html.contains("; sound identical</td></tr>"))
        // A scene with nothing wrong keeps its summary alone.
        #expect(passing("princess/b", frames: [0]).run.reportCell == "trace (40 events) and sound identical")
    }
}
