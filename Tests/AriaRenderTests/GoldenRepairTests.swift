import Foundation
import TestSupport
import Testing

/// What `check` and `golden update` say and do about goldens that went missing or broken:
/// a golden git tracks is restored, not approved anew; an unreadable one is called so and
/// `--missing-only` makes it again; an interrupted update that a check finishes is reported.
@Suite struct GoldenRepairTests {
    /// The gestures example at 160x90, frame 0, with its goldens made.
    func updatedFolder() throws -> URL {
        let folder = try GestureGoldenFolder.make(size: "160x90", frames: "[0]")
        let update = try AriaRenderTool.run(["golden", "update", "--golden", folder.path])
        #expect(update.status == 0, "\(update.standardError)")
        return folder
    }

    func git(_ arguments: [String], in folder: URL) throws {
        let result = try Subprocess.run("/usr/bin/env", ["git", "-c", "user.name=QA", "-c", "user.email=qa@example.org"] + arguments,
                                        in: folder.path, timeout: 60)
        #expect(result.status == 0, "git \(arguments): \(result.standardError)")
    }

    func truncate(_ path: String, to count: Int) throws {
        let data = try #require(FileManager.default.contents(atPath: path))
        try data.prefix(count).write(to: URL(fileURLWithPath: path))
    }

    /// Goldens git tracks, deleted or broken: every hint is `git restore`, none `golden update`.
    @Test func aGoldenGitTracksIsRestoredNotApproved() throws {
        let folder = try updatedFolder()
        try git(["init", "-q"], in: folder)
        try git(["add", "."], in: folder)
        try git(["commit", "-q", "-m", "goldens"], in: folder)
        let frame = folder.path + "/gestures/frame_00000.png", trace = folder.path + "/gestures/trace.jsonl"
        let sound = folder.path + "/gestures/sound.flac"
        try FileManager.default.removeItem(atPath: frame)
        try FileManager.default.removeItem(atPath: trace)
        try truncate(sound, to: 200)
        let report = folder.path + "/report"
        let check = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report])
        #expect(check.status == 1, "\(check.standardOutput)\(check.standardError)")
        let out = check.standardOutput
        #expect(out.contains("run `git restore \(frame)` to bring it back"), "\(out)")
        #expect(out.contains("trace: the golden trace is missing, but git tracks it; run `git restore \(trace)`"), "\(out)")
        #expect(out.contains("sound: the golden soundtrack cannot be read") && out.contains("run `git restore \(sound)`"), "\(out)")
        #expect(!out.contains("to make it"), "no hint approves what the code does now: \(out)")
        let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("git restore \(trace)") && junit.contains("git restore \(frame)") && junit.contains("git restore \(sound)"), "\(junit)")
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(html.contains("git restore \(trace)") && !html.contains("Approve it with"), "\(html)")
    }

    /// A truncated golden PNG and soundtrack are unreadable, not missing; `--missing-only`
    /// makes them again and says so; the next check passes.
    @Test func missingOnlyRepairsAnUnreadableGolden() throws {
        let folder = try updatedFolder()
        let frame = folder.path + "/gestures/frame_00000.png", sound = folder.path + "/gestures/sound.flac"
        let approvedFrame = FileManager.default.contents(atPath: frame)
        try truncate(frame, to: 100)
        try truncate(sound, to: 200)
        let report = folder.path + "/report"
        let check = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report])
        #expect(check.status == 1, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("(1 unreadable)") && check.standardOutput.contains("1 of 1 frame cannot be read"), "\(check.standardOutput)")
        #expect(!check.standardOutput.contains(" missing") && !check.standardOutput.contains("are missing"), "\(check.standardOutput)")
        #expect(check.standardOutput.contains("cannot be read"), "\(check.standardOutput)")
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(html.contains("<th>unreadable</th>") && html.contains("<td>0</td><td>1</td>"), "the summary counts it unreadable, not missing")

        let repair = try AriaRenderTool.run(["golden", "update", "--golden", folder.path, "--missing-only"])
        #expect(repair.status == 0, "\(repair.standardOutput)\(repair.standardError)")
        #expect(repair.standardOutput.contains("gestures: 1 repaired (frames 0: the golden could not be read)"), "\(repair.standardOutput)")
        #expect(repair.standardOutput.contains("sound repaired"), "\(repair.standardOutput)")
        #expect(FileManager.default.contents(atPath: frame) == approvedFrame)
        let again = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", report])
        #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
    }

    /// An update killed once decided is finished by the next check, which says which files it changed.
    @Test func aCheckThatFinishesAnInterruptedUpdateSaysWhatItChanged() throws {
        let folder = try updatedFolder()
        let scene = folder.appendingPathComponent("scene.yaml")
        try String(contentsOf: scene, encoding: .utf8).replacingOccurrences(of: "background: playroom", with: "background: nursery")
            .write(to: scene, atomically: true, encoding: .utf8)
        // Stage 1 is the journal written: the update is decided, and nothing is swapped yet.
        let killed = try AriaRenderTool.run(["golden", "update", "--golden", folder.path],
                                            environment: ["ARIA_GOLDEN_UPDATE_KILL_AT_STAGE": "1"])
        #expect(killed.status != 0)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/.update-journal"))
        let check = try AriaRenderTool.run(["check", "--golden", folder.path, "--report", folder.path + "/report"])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardError.contains("an interrupted `golden update` of \(folder.path) was decided; finished it first, which changed:"),
                "\(check.standardError)")
        #expect(check.standardError.contains("    gestures: frame_00000.png\n"), "\(check.standardError)")
    }
}
