import Foundation
import Testing
import TestSupport

/// A render stopped by Ctrl-C, SIGTERM or a closed terminal stops ffmpeg, leaves no partial
/// or temporary file, says so in one line and exits 128 plus the signal.
@Suite struct RenderInterruptTests {
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func aSignalLeavesNothingBehind(signal: Int32, status: Int32) throws {
        let folder = try makeTemporaryFolder("interrupt-\(signal)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let render = try AriaRenderTool.start(["render", "-o", folder + "/k.mp4", "--trace", folder + "/k.jsonl", "--quiet"])
        // Wait until the video is being written: its hidden partial file exists and ffmpeg is writing it.
        func writing() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains(where: { $0.contains(".partial-") })
                && Subprocess.isRunning(commandLineMatching: "ffmpeg.*" + folder + "/\\.k\\.mp4\\.partial")
        }
        waitUntil(every: 0.05, timeout: 60, stillPossible: { render.isRunning }, until: writing)
        try #require(render.isRunning && writing(), "the render ended before it could be interrupted: \(render.standardError)")
        render.send(signal)
        let exit = render.finish(timeout: 30)
        #expect(exit == status)
        let lines = render.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("aria-render: interrupted by "), "one line: \(render.standardError)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty, "no partial video or trace")
        #expect(!FileManager.default.fileExists(atPath: NSTemporaryDirectory() + "aria-render-sound-\(render.pid).wav"),
                "the temporary soundtrack is gone")
        let ffmpeg = try Subprocess.run("pgrep", ["-f", folder + "/.k.mp4.partial"])
        #expect(ffmpeg.standardOutput.isEmpty, "no ffmpeg left writing: \(ffmpeg.standardOutput)")
    }

    /// Ctrl-C on a render into a folder of PNGs, over an earlier render's frames with
    /// --overwrite, leaves the folder as it was: "nothing was written" is true.
    @Test func anInterruptedFolderRenderLeavesTheFolderAsItWas() throws {
        let folder = try makeTemporaryFolder("folder-interrupt")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let earlier = try AriaRenderTool.run(["render", "--frames", "0-2", "--size", "320x180", "--quiet", "-o", "frames/"], in: folder)
        try #require(earlier.status == 0, "\(earlier.standardError)")
        func snapshot() -> [String: Data] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/frames")) ?? []
            return Dictionary(uniqueKeysWithValues: names.map { ($0, FileManager.default.contents(atPath: folder + "/frames/" + $0) ?? Data()) })
        }
        let before = snapshot()
        #expect(before.count == 3)
        let (status, error) = try interrupt(["render", "--overwrite", "--quiet", "-o", "frames/"], in: folder,
                                            when: "the render to write frames into its hidden folder", { _ in
            let staging = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/frames")) ?? []).filter { $0.hasPrefix(".") }
            return staging.contains { !((try? FileManager.default.contentsOfDirectory(atPath: folder + "/frames/" + $0)) ?? []).isEmpty }
        }, with: SIGINT)
        #expect(status == 130)
        #expect(error == "aria-render: interrupted by SIGINT; nothing was written\n", "\(error)")
        #expect(snapshot() == before, "the earlier frames as they were, and nothing of this render")
    }

    /// Waits until `isMidway` says the command is under way (`midway` says how, for a failure),
    /// sends `signal`, and returns the exit status and standard error.
    private func interrupt(_ arguments: [String], in folder: String, when midway: String, _ isMidway: @escaping (Subprocess) -> Bool,
                           with signal: Int32) throws -> (Int32?, String) {
        let running = try AriaRenderTool.start(arguments, in: folder)
        try waitFor(midway, within: 120, stillPossible: { running.isRunning }) { isMidway(running) }
        try #require(running.isRunning, "it ended before it could be interrupted: \(running.standardError)")
        running.send(signal)
        return (running.finish(timeout: 30), running.standardError)
    }

    @Test func anInterruptedCheckSaysSoInItsReport() throws {
        let folder = try makeTemporaryFolder("check-interrupt")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Golden", toPath: folder + "/Golden")
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Scenes", toPath: folder + "/Scenes")
        // A golden frame of the first scene aged on purpose: the check writes its actual and diff
        // images into the report while it goes on with the other scenes (its printed lines are
        // buffered until it ends, so they cannot say it is under way).
        let manager = FileManager.default
        let frames = try manager.contentsOfDirectory(atPath: folder + "/Golden/princess/default").filter { $0.hasSuffix(".png") }.sorted()
        try manager.removeItem(atPath: folder + "/Golden/princess/default/" + frames[frames.count - 1])
        try manager.copyItem(atPath: folder + "/Golden/princess/default/" + frames[0], toPath: folder + "/Golden/princess/default/" + frames[frames.count - 1])
        let (status, error) = try interrupt(["check", "--report", "report"], in: folder, when: "check to write a report image", { _ in
            !((try? manager.contentsOfDirectory(atPath: folder + "/report/princess/default")) ?? []).isEmpty
        }, with: SIGTERM)
        #expect(status == 143)
        #expect(error.split(separator: "\n").last?.hasPrefix("aria-render: interrupted by SIGTERM") == true, "\(error)")
        // The report says the check stopped (a CI job that publishes it shows that, not an older
        // run's results), and leaves no results.json for `golden update --failed` to take whole.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/report")) ?? []
        #expect(!left.contains("results.json"), "\(left)")
        let page = (try? String(contentsOfFile: folder + "/report/index.html", encoding: .utf8)) ?? ""
        let junit = (try? String(contentsOfFile: folder + "/report/junit.xml", encoding: .utf8)) ?? ""
        #expect(page.contains("stopped before it finished"), "\(left)")
        #expect(junit.contains("type=\"CheckStopped\""), "\(junit.prefix(400))")
    }

    @Test func anInterruptedGoldenUpdateLeavesTheGoldensAsTheyWere() throws {
        let folder = try makeTemporaryFolder("update-interrupt")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Golden", toPath: folder + "/Golden")
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Scenes", toPath: folder + "/Scenes")
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(atPath: folder + "/Golden")
            while let path = enumerator?.nextObject() as? String {
                if let data = FileManager.default.contents(atPath: folder + "/Golden/" + path) { files[path] = data }
            }
            return files
        }
        // Age the goldens on purpose, so that a finished update would change them.
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder + "/Golden/princess/default").filter { $0.hasSuffix(".png") }.sorted()
        try FileManager.default.removeItem(atPath: folder + "/Golden/princess/default/" + frames[1])
        try FileManager.default.copyItem(atPath: folder + "/Golden/princess/default/" + frames[0], toPath: folder + "/Golden/princess/default/" + frames[1])
        let before = try snapshot()
        let (status, error) = try interrupt(["golden", "update"], in: folder, when: "golden update to render into its staging folder", { _ in
            let manager = FileManager.default
            let staging = ((try? manager.contentsOfDirectory(atPath: folder + "/Golden")) ?? []).filter { $0.hasPrefix(".update-") && $0 != ".update-journal" }
            return staging.contains { !((try? manager.contentsOfDirectory(atPath: folder + "/Golden/" + $0)) ?? []).isEmpty }
        }, with: SIGINT)
        #expect(status == 130)
        #expect(error.split(separator: "\n").last?.hasPrefix("aria-render: interrupted by SIGINT") == true, "\(error)")
        #expect(try snapshot() == before, "the goldens are as they were, and nothing of the update is left")
    }
}
