import Foundation
import Rendering
import Testing
import TestSupport

/// The scene hash is SHA-256: the digests of NIST's test vectors and of `sha256sum` on real
/// files, and the fields of a shard manifest's hash laid out as before (each text then a zero).
@Suite struct SceneHashTests {
    private func hex(_ text: String) -> String {
        var hash = SceneHash()
        hash.update(Array(text.utf8))
        return hash.hex()
    }

    @Test func nistVectors() {
        // FIPS 180-2, appendix B, and the NIST examples of SHA-256.
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")
                == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        var million = SceneHash()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000)
        for _ in 0..<1_000 { million.update(chunk) }
        #expect(million.hex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func aDigestCanBeReadMidwayAndAddedTo() {
        var hash = SceneHash()
        hash.update(Array("ab".utf8))
        #expect(hash.hex() == hex("ab"))
        hash.update(Array("c".utf8))
        #expect(hash.hex() == hex("abc"))
    }

    @Test func fieldsEndInAZeroByte() {
        // The layout of a shard manifest's scene hash: the scene's bytes, then its claps and
        // its size as zero-ended texts. The digest is Python's hashlib.sha256 of the same bytes.
        var hash = SceneHash()
        hash.update(Array("scene: 1\n".utf8))
        hash.update(field: "claps 0.5 1.25")
        hash.update(field: "size 1280x720 fps 30")
        #expect(hash.hex() == "f161b9305ef86d62e0bc2fa70082e287c0d6b657517410e800c3ffd43b698a07")
    }

    @Test func realFilesHashAsSha256sumSays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-hash-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A scene file of the repository, and 3 MB of varied bytes (many blocks, odd tail).
        let large = folder.appendingPathComponent("large.bin")
        var state: UInt32 = 1
        let bytes = (0..<3_000_017).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        try Data(bytes).write(to: large)
        for file in [RepositoryRoot.url.appendingPathComponent("Scenes/princess/default.yaml"), large] {
            let result = try Subprocess.run("sha256sum", [file.path])
            #expect(result.status == 0)
            var hash = SceneHash()
            hash.update([UInt8](try Data(contentsOf: file)))
            #expect(result.standardOutput.split(separator: " ").first.map(String.init) == hash.hex(), "\(file.lastPathComponent)")
        }
    }
}
