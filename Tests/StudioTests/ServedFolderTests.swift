import Foundation
@testable import Studio
import Testing
import TestSupport

/// The path checks of the folders the studio serves, without a server: what is refused is
/// refused before the disk is asked.
@Suite struct ServedFolderTests {
    @Test func onlyPlainNamesPass() {
        for path in ["scene.yaml", "art/luna/skin.yaml", "a%20b.yaml"] {
            #expect(ServedFolder.checkedRelativePath(path[...]) != nil, "\(path)")
        }
        for path in ["", "..", "../x", "a/../../x", "%2e%2e/x", "..%2fx", "%252e%252e", "/etc/passwd", "%2fetc", "a//b", "./a",
                     "a\\..\\b", "a%5c..", "x%00.png", "%zz"] {
            #expect(ServedFolder.checkedRelativePath(path[...]) == nil, "\(path) passed")
        }
    }

    @Test func aLinkOutOfTheFolderIsNothing() throws {
        let folder = try makeTemporaryFolder()
        try "inside".write(toFile: folder + "/inside.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/out", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: folder + "/in", withDestinationPath: folder + "/inside.txt")
        let served = try #require(ServedFolder(root: folder))
        #expect(served.file(at: "inside.txt") != nil)
        #expect(served.file(at: "in") != nil, "a link that stays inside is served")
        #expect(served.file(at: "out") == nil)
        #expect(served.file(at: "missing") == nil)
    }

    @Test func anyChangeToTheScenesFilesIsSeen() throws {
        let folder = try makeTemporaryFolder()
        try "a".write(toFile: folder + "/scene.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        try "b".write(toFile: folder + "/art/luna.svg", atomically: true, encoding: .utf8)
        let first = WatchedFiles.look(scene: folder + "/scene.yaml")
        #expect(first == WatchedFiles.look(scene: folder + "/scene.yaml"))
        try "bb".write(toFile: folder + "/art/luna.svg", atomically: false, encoding: .utf8)
        #expect(first != WatchedFiles.look(scene: folder + "/scene.yaml"), "an art file changed unseen")
    }

    @Test func aSaveInPlaceReloadsOnceWhenItHasStoppedChanging() throws {
        let folder = try makeTemporaryFolder(), scene = folder + "/scene.yaml"
        try "a: 1".write(toFile: scene, atomically: true, encoding: .utf8)
        var change = SettledChange(WatchedFiles.look(scene: scene))
        // Each look as the watcher takes it: whether it reloads then.
        func reloads() -> Bool { change.isSettled(WatchedFiles.look(scene: scene)) }
        #expect(!reloads(), "nothing changed")
        // An editor empties the file, then writes it, each seen by one look.
        try "".write(toFile: scene, atomically: false, encoding: .utf8)
        #expect(!reloads(), "the emptied file was read")
        try "a: 22".write(toFile: scene, atomically: false, encoding: .utf8)
        #expect(!reloads(), "the file was read while it changed")
        #expect(reloads(), "the saved file was not read")
        #expect(!reloads(), "one save was read twice")
    }

    @Test func theFrameCacheKeepsToItsBytes() {
        var cache = FrameCache(capacity: 100, byteLimit: 1_000)
        for frame in 0..<10 { cache[frame] = [UInt8](repeating: 1, count: 300) }
        #expect(cache.bytes <= 1_000 && cache[9] != nil && cache[0] == nil, "\(cache.bytes) bytes kept")
        cache.removeAll()
        #expect(cache.bytes == 0 && cache[9] == nil)
    }

    @Test func aRecordingOutsideTheFolderIsWatchedToo() throws {
        let folder = try makeTemporaryFolder(), outside = try makeTemporaryFolder("outside")
        try "a".write(toFile: folder + "/scene.yaml", atomically: true, encoding: .utf8)
        try "wav".write(toFile: outside + "/claps.wav", atomically: true, encoding: .utf8)
        let first = WatchedFiles.look(scene: folder + "/scene.yaml", files: [outside + "/claps.wav"])
        try "wave".write(toFile: outside + "/claps.wav", atomically: false, encoding: .utf8)
        #expect(first != WatchedFiles.look(scene: folder + "/scene.yaml", files: [outside + "/claps.wav"]))
    }
}
