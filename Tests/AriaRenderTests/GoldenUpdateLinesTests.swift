import Foundation
import TestSupport
import Testing

/// What `golden update` and `check` print: a line per scene the update touched, what it left
/// alone, and where the report of a passing check is.
@Suite struct GoldenUpdateLinesTests {
    /// Two scenes, `gestures` and `b`, both the gestures example at 160x90, frame 0, goldens made.
    func folder() throws -> URL {
        let folder = try GestureGoldenFolder.make(size: "160x90", frames: "[0]", more: "  - {name: b, scene: scene.yaml, size: 160x90, frames: [0]}")
        let update = try AriaRenderTool.run(["golden", "update", "--golden", folder.path])
        #expect(update.status == 0, "\(update.standardError)")
        return folder
    }

    @Test func failedAndFrameSayWhatTheyLeftAlone() throws {
        let golden = try folder()
        let report = golden.path + "/report"
        let pass = try AriaRenderTool.run(["check", "--golden", golden.path, "--report", report, "--only", "frames,traces"])
        #expect(pass.status == 0, "\(pass.standardError)")
        #expect(pass.standardOutput.hasSuffix("; report in \(report)/index.html\n"), "the all-pass line says where the report is: \(pass.standardOutput)")

        let trace = golden.path + "/gestures/trace.jsonl"
        let approved = try String(contentsOfFile: trace, encoding: .utf8)
        try String(approved.split(separator: "\n").dropLast(2).joined(separator: "\n") + "\n").write(toFile: trace, atomically: true, encoding: .utf8)
        #expect(try AriaRenderTool.run(["check", "--golden", golden.path, "--report", report, "--only", "frames,traces"]).status == 1)
        let failed = try AriaRenderTool.run(["golden", "update", "--golden", golden.path, "--failed", "--report", report])
        #expect(failed.status == 0, "\(failed.standardError)")
        #expect(failed.standardOutput.contains("gestures: 1 left as it was; trace changed"), "\(failed.standardOutput)")
        #expect(!failed.standardOutput.contains("b: "), "a scene --failed never touched has no line: \(failed.standardOutput)")
        #expect(failed.standardOutput.contains("golden update: 1 other scene left as it was"), "\(failed.standardOutput)")

        let frame = try AriaRenderTool.run(["golden", "update", "--golden", golden.path, "--frame", "0", "--scene", "gestures"])
        #expect(frame.status == 0, "\(frame.standardError)")
        #expect(frame.standardOutput.contains("gestures: 1 unchanged; trace and sound left as they were"), "\(frame.standardOutput)")
    }
}
