import Foundation
@testable import Golden
import Testing
import TestSupport

/// `aria-render golden update` killed with SIGKILL, at each of its stages and at varied
/// moments, in a copy of a small golden folder: each scene is then all old or all new, and
/// the next `golden update` ends with the new set and nothing left behind.
@Suite(.serialized) struct GoldenUpdateKillTests {
    static let scenes = ["gestures", "snowy"]
    static let oldFingerprint = "cairo: 1.0.0\npixman: 0.1.0\nfreetype: 2.0.0\n"

    /// A golden folder of two example scenes at 160x90 whose "old" goldens are marker bytes
    /// (so old and new are told apart file by file), with one stray old golden.
    func oldFolder() throws -> String {
        let folder = try makeTemporaryFolder("golden-kill")
        let root = RepositoryRoot.url.appendingPathComponent("Scenes/princess")
        try FileManager.default.copyItem(atPath: root.appendingPathComponent("gestures.yaml").path, toPath: folder + "/gestures.yaml")
        try FileManager.default.copyItem(atPath: root.appendingPathComponent("snowy-night.yaml").path, toPath: folder + "/snowy.yaml")
        try """
        version: 1
        scenes:
          - {name: gestures, scene: gestures.yaml, size: 160x90, frames: [0, 20, 45]}
          - {name: snowy, scene: snowy.yaml, size: 160x90, frames: [0, 30]}
        """.write(toFile: folder + "/manifest.yaml", atomically: true, encoding: .utf8)
        for scene in Self.scenes {
            try FileManager.default.createDirectory(atPath: folder + "/" + scene, withIntermediateDirectories: true)
            for frame in [0, 20, 30, 45, 99] {
                try Data("old \(scene) \(frame)".utf8).write(to: URL(fileURLWithPath: folder + "/\(scene)/" + GoldenScene.fileName(frame: frame)))
            }
        }
        try Self.oldFingerprint.write(toFile: folder + "/fingerprint.yaml", atomically: true, encoding: .utf8)
        return folder
    }

    func snapshot(_ folder: String) -> [String: [String: Data]] {
        Dictionary(uniqueKeysWithValues: Self.scenes.map { ($0, GoldenFolder.files(folder + "/" + $0)) })
    }

    func update(_ folder: String, environment: [String: String] = [:]) throws -> Subprocess.Result {
        try AriaRenderTool.run(["golden", "update", "--golden", folder], environment: environment, timeout: 120)
    }

    /// The old set, the new set, and how long a whole update takes.
    /// (Each new scene folder also holds its golden trace and soundtrack.)
    func reference() throws -> (old: [String: [String: Data]], new: [String: [String: Data]], seconds: Double) {
        let folder = try oldFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = snapshot(folder)
        let started = Date()
        let run = try update(folder)
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.standardError)")
        let new = snapshot(folder)
        for scene in Self.scenes { #expect(old[scene] != new[scene] && new[scene]?.count == old[scene].map { _ in scene == "snowy" ? 2 + 2 : 3 + 2 }) }
        return (old, new, seconds)
    }

    /// After a kill: each scene whole; then the next update completes, leaving nothing behind.
    func expectRecovered(_ folder: String, old: [String: [String: Data]], new: [String: [String: Data]], _ when: String) throws {
        for scene in Self.scenes {
            let files = GoldenFolder.files(folder + "/" + scene)
            #expect(files == old[scene] || files == new[scene], "\(when): \(scene) is mixed: \(files.keys.sorted())")
        }
        let again = try update(folder)
        #expect(again.status == 0, "\(when): the next update failed: \(again.standardError)")
        #expect(snapshot(folder) == new, "\(when): the next update did not end with the new set")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(when): left behind \(leftovers)")
        let fingerprint = try String(contentsOfFile: folder + "/fingerprint.yaml", encoding: .utf8)
        #expect(fingerprint != Self.oldFingerprint, "\(when): the fingerprint is the old one")
    }

    @Test func killedAtEveryStage() throws {
        let (old, new, _) = try reference()
        // rendered ×2, journal written, swapped ×2, fingerprint written, journal removed, finished.
        for stage in 0..<8 {
            let folder = try oldFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let run = try update(folder, environment: [GoldenUpdater.killAtStageVariable: String(stage)])
            #expect(run.status == 128 + SIGKILL, "stage \(stage): exit \(run.status) \(run.standardError)")
            let files = snapshot(folder)
            if stage < 2 { #expect(files == old, "killed at stage \(stage), before deciding, something changed") }
            try expectRecovered(folder, old: old, new: new, "killed at stage \(stage)")
        }
    }

    @Test func killedAtVariedMoments() throws {
        let (old, new, seconds) = try reference()
        var sawOld = false, sawNew = false
        for step in 0..<10 {
            let folder = try oldFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let delay = seconds * (0.1 + 1.1 * Double(step) / 10)
            let program = try AriaRenderTool.start(["golden", "update", "--golden", folder])
            usleep(UInt32(delay * 1_000_000))  // the moment of the kill is what this test varies, not a wait
            program.send(SIGKILL)
            program.finish(timeout: 30)
            let files = snapshot(folder)
            if files == old { sawOld = true }
            if files == new { sawNew = true }
            try expectRecovered(folder, old: old, new: new, String(format: "killed after %.3f s", delay))
        }
        print("golden update killed at 10 moments over \(String(format: "%.2f", seconds)) s: old set seen \(sawOld), new set seen \(sawNew)")
    }
}
