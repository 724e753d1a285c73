import Catalogue
import Foundation
@testable import Golden
import Output
import Testing

/// `golden update` is one step for the whole set: stopped at any stage, every scene's
/// goldens are all old or all new, and the next update (or `recover`) ends with one set.
@Suite struct GoldenUpdateAtomicityTests {
    struct Stop: Error {}

    /// A golden folder holding the old set (disc colours unshifted), with a stray golden the
    /// manifest no longer lists, so the new set also differs by a removed file.
    func oldFolder() throws -> (folder: String, manifest: GoldenManifest) {
        let folder = try GoldenFolder.make()
        let manifest = try GoldenManifestReader.read(folder: folder, games: Catalogue.games)
        _ = try GoldenUpdater(manifest: manifest, source: DiscFrameSource()).update()
        try Data("stale".utf8).write(to: URL(fileURLWithPath: folder + "/first/frame_00099.png"))
        return (folder, manifest)
    }

    /// Each scene's files (name → bytes).
    func sceneFiles(_ folder: String, _ scene: String) -> [String: Data] {
        GoldenFolder.files(folder + "/" + scene)
    }

    func snapshot(_ folder: String) -> [String: [String: Data]] {
        ["first": sceneFiles(folder, "first"), "second": sceneFiles(folder, "second")]
    }

    /// The old and the new set, and every stage of an update from one to the other.
    func reference() throws -> (old: [String: [String: Data]], new: [String: [String: Data]], stages: [GoldenUpdateStage]) {
        let (folder, manifest) = try oldFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = snapshot(folder)
        var stages: [GoldenUpdateStage] = []
        _ = try GoldenUpdater(manifest: manifest, source: DiscFrameSource(colourShift: 9))
            .update(stage: { stages.append($0) })
        let new = snapshot(folder)
        #expect(old["first"] != new["first"] && old["second"] != new["second"])
        #expect(new["first"]?["frame_00099.png"] == nil)
        return (old, new, stages)
    }

    func expectEachSceneWhole(_ folder: String, old: [String: [String: Data]], new: [String: [String: Data]],
                              _ when: String) -> [String: Bool] {
        var isNew: [String: Bool] = [:]
        for scene in ["first", "second"] {
            let files = sceneFiles(folder, scene)
            #expect(files == old[scene] || files == new[scene],
                    "\(when): \(scene) is neither the old set nor the new one: \(files.keys.sorted())")
            isNew[scene] = files == new[scene]
        }
        return isNew
    }

    @Test func everyStageIsSeenInOrder() throws {
        let stages = try reference().stages
        #expect(stages == [.rendered("first"), .rendered("second"), .journalWritten, .swapped("first"),
                           .swapped("second"), .fingerprintWritten, .journalRemoved, .finished])
    }

    /// At every stage of a run that is not stopped, a reader sees each scene whole.
    @Test func aReaderSeesEachSceneWholeAtEveryStage() throws {
        let (old, new, _) = try reference()
        let (folder, manifest) = try oldFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try GoldenUpdater(manifest: manifest, source: DiscFrameSource(colourShift: 9)).update(stage: { stage in
            _ = expectEachSceneWhole(folder, old: old, new: new, "at \(stage)")
        })
    }

    /// Stopped at each stage in turn: the scenes are whole; before the journal nothing has
    /// changed; `recover` then leaves exactly the old or exactly the new set, and another
    /// update the new set, with nothing left behind.
    @Test func stoppedAtEveryStageTheNextRunRecovers() throws {
        let (old, new, stages) = try reference()
        let journalIndex = try #require(stages.firstIndex(of: .journalWritten))
        for (index, stopAt) in stages.enumerated() {
            let (folder, manifest) = try oldFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let fingerprint = FileManager.default.contents(atPath: folder + "/fingerprint.yaml")
            #expect(throws: Stop.self, "stop at \(stopAt)") {
                _ = try GoldenUpdater(manifest: manifest, source: DiscFrameSource(colourShift: 9)).update(stage: { stage in
                    if stage == stopAt { throw Stop() }
                })
            }
            let isNew = expectEachSceneWhole(folder, old: old, new: new, "stopped at \(stopAt)")
            if index < journalIndex {
                #expect(isNew.values.allSatisfy { !$0 }, "stopped at \(stopAt), before deciding, something changed")
                #expect(FileManager.default.contents(atPath: folder + "/fingerprint.yaml") == fingerprint)
            }
            let journalLeft = FileManager.default.fileExists(atPath: folder + "/" + GoldenUpdateJournal.fileName)
            #expect(journalLeft == (index >= journalIndex && index < journalIndex + 4), "stopped at \(stopAt)")

            try GoldenUpdater.recover(folder: folder)
            let recovered = expectEachSceneWhole(folder, old: old, new: new, "recovered after \(stopAt)")
            #expect(recovered.values.allSatisfy { $0 == (index >= journalIndex) },
                    "after a stop at \(stopAt) the set is mixed: \(recovered)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") } == [],
                    "left behind after \(stopAt)")

            _ = try GoldenUpdater(manifest: manifest, source: DiscFrameSource(colourShift: 9)).update()
            #expect(snapshot(folder) == new, "the update after a stop at \(stopAt) did not end with the new set")
        }
    }
}

/// The journal names each scene by its folder below the golden folder, a game's scenes
/// included (`princess/default`), and reads back what it wrote; nothing that leaves the folder.
@Suite struct GoldenUpdateJournalTests {
    @Test func aJournalOfGameScenesReadsBackAsWritten() throws {
        let journal = GoldenUpdateJournal(staging: ".update-4242", scenes: [.init(inode: 5_439_978, name: "princess/default"),
                                                                           .init(inode: 5_440_001, name: "findit/hunt"),
                                                                           .init(inode: 12, name: "default")],
                                          fingerprint: true)
        #expect(GoldenUpdateJournal(text: journal.text) == journal)
    }

    @Test func aSceneOutsideTheGoldenFolderIsNotAJournal() {
        for name in ["../escape", "princess/../../etc", "/absolute", "princess//default", "princess/", ".", ".."] {
            let text = "\(GoldenUpdateJournal.header)\nstaging .update-1\nscene 7 \(name)\n"
            #expect(GoldenUpdateJournal(text: text) == nil, "\(name)")
        }
    }
}
