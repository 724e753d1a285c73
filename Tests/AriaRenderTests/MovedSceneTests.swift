import Foundation
import Testing
import TestSupport

/// The princess game's scenes moved into Scenes/princess/ and the goldens into a folder per
/// game; the old paths and reference-scene names still work for one release, each with a
/// one-line notice, and give the same output as the new ones. The built-in scene is
/// Scenes/princess/default.yaml.
@Suite struct MovedSceneTests {
    static func files(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return files
    }

    /// Frames 0-9 at 160x90 and the trace, of `scene` (the built-in scene when nil).
    static func render(_ scene: String?, into folder: String) throws -> Subprocess.Result {
        try AriaRenderTool.run(["render"] + (scene.map { [$0] } ?? [])
                               + ["--size", "160x90", "--frames", "0-9", "--no-sound", "--quiet",
                                  "--trace", folder + ".trace.jsonl", "-o", folder + "/"], in: RepositoryRoot.path)
    }

    @Test func anOldScenePathRendersItsNewFileWithOneNotice() throws {
        let folder = try makeTemporaryFolder("moved-scene")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = try Self.render("Scenes/default.yaml", into: folder + "/old")
        #expect(old.status == 0, "\(old.standardError)")
        #expect(old.standardError == "aria-render: note: Scenes/default.yaml is now Scenes/princess/default.yaml; "
                + "the old path goes in the next release\n")
        let new = try Self.render("Scenes/princess/default.yaml", into: folder + "/new")
        #expect(new.status == 0 && new.standardError.isEmpty, "\(new.standardError)")
        let builtIn = try Self.render(nil, into: folder + "/built-in")
        #expect(builtIn.status == 0 && builtIn.standardError.isEmpty, "\(builtIn.standardError)")

        let frames = try Self.files(folder + "/new")
        #expect(frames.count == 10)
        #expect(try Self.files(folder + "/old") == frames)
        #expect(try Self.files(folder + "/built-in") == frames, "the built-in scene is Scenes/princess/default.yaml")
        let trace = FileManager.default.contents(atPath: folder + "/new.trace.jsonl")
        #expect(trace != nil && FileManager.default.contents(atPath: folder + "/old.trace.jsonl") == trace)
        #expect(FileManager.default.contents(atPath: folder + "/built-in.trace.jsonl") == trace)
    }

    @Test func validateAndSimulateReadAnOldPathToo() throws {
        let validate = try AriaRenderTool.run(["validate", "Scenes/gestures.yaml"], in: RepositoryRoot.path)
        #expect(validate.status == 0, "\(validate.standardError)")
        #expect(validate.standardOutput.contains("Scenes/princess/gestures.yaml: ok"), "\(validate.standardOutput)")
        // One notice, beside the scene's own warnings (the taps its limits refuse).
        #expect(validate.standardError.split(separator: "\n").filter { $0.hasPrefix("aria-render:") } == ["aria-render: note: Scenes/gestures.yaml is now Scenes/princess/gestures.yaml; "
                                                                  + "the old path goes in the next release"])
        let simulate = try AriaRenderTool.run(["simulate", "Scenes/face-magic.yaml", "--frames", "0-30", "--trace", "-"], in: RepositoryRoot.path)
        #expect(simulate.status == 0, "\(simulate.standardError)")
        #expect(simulate.standardError.contains("Scenes/face-magic.yaml is now Scenes/princess/face-magic.yaml"))
        // A path that never held a scene is still a missing file, not a guess.
        let missing = try AriaRenderTool.run(["validate", "Scenes/nowhere.yaml"], in: RepositoryRoot.path)
        #expect(missing.status == 2 && !missing.standardError.contains("is now"), "\(missing.standardError)")
    }

    @Test func anOldReferenceSceneNameChecksItsGameFolder() throws {
        let folder = try makeTemporaryFolder("moved-golden")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let check = try AriaRenderTool.run(["check", "--scene", "findit-hunt", "--only", "traces", "--report", folder + "/report"],
                                           in: RepositoryRoot.path)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardError == "aria-render: note: --scene findit-hunt is now --scene findit/hunt; the old spelling goes in the next release\n")
        #expect(check.standardOutput.contains("findit/hunt"), "\(check.standardOutput)")
    }
}
