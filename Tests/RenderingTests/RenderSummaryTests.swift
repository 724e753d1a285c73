import Foundation
import Rendering
import Testing

/// `render --json` and `assemble --json`: one line of JSON whose keys and rounding scripts read.
@Suite struct RenderSummaryTests {
    @Test func theSummaryNamesFramesSizeRateAndOutputs() throws {
        let outcome = RenderOutcome(frames: 60..<120, width: 640, height: 360, framesPerSecond: 30, seconds: 1.23456,
                                    outputs: ["out/clip.mp4"])
        let text = RenderSummary(scene: "default", outcome: outcome, clapAudio: "claps.wav", clapsHeard: 2).text
        #expect(!text.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["scene"] as? String == "default")
        #expect(object["frames"] as? Int == 60 && object["first_frame"] as? Int == 60 && object["last_frame"] as? Int == 119)
        #expect(object["width"] as? Int == 640 && object["height"] as? Int == 360 && object["frame_rate"] as? Int == 30)
        #expect(object["seconds"] as? Double == 1.235)
        #expect(object["fps"] as? Double == 48.6)
        #expect(object["clap_audio"] as? String == "claps.wav" && object["claps_heard"] as? Int == 2)
        #expect(object["outputs"] as? [String] == ["out/clip.mp4"])
        #expect(text.contains("\"outputs\":[\"out/clip.mp4\"]"), "slashes are not escaped: \(text)")
    }

    @Test func withoutARecordingItsKeyIsNull() throws {
        let outcome = RenderOutcome(frames: 0..<1, width: 16, height: 16, framesPerSecond: 30, seconds: 0, outputs: [])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(RenderSummary(scene: "s", outcome: outcome).text.utf8))
                                  as? [String: Any])
        #expect(object["clap_audio"] is NSNull)
        #expect(object["claps_heard"] as? Int == 0)
    }
}
