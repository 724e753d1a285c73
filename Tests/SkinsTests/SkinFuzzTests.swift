import Foundation
import Scene
@testable import Skins
import Testing

/// Skin folders mangled at random (seeded, so a failure repeats): skin.yaml and the SVG cut,
/// duplicated and sprinkled with bytes. Loading never traps; it gives a skin or problems that
/// are each one line with a position.
@Suite struct SkinFuzzTests {
    /// A small xorshift generator: the same seed, the same folders.
    struct Bytes {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Int(state % UInt64(max(bound, 1)))
        }
    }

    static func mangled(_ text: String, _ random: inout Bytes) -> [UInt8] {
        var bytes = Array(text.utf8)
        for _ in 0..<(1 + random.next(6)) {
            guard !bytes.isEmpty else { break }
            let at = random.next(bytes.count)
            switch random.next(4) {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(Array("<>\"'{}[]:-#\n &/=g".utf8)[random.next(17)], at: at)
            case 2: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + random.next(40))], at: at)
            default: bytes.removeSubrange(at..<min(bytes.count, at + random.next(30)))
            }
        }
        return bytes
    }

    @Test func mangledSkinFoldersGiveASkinOrProblemsWithPositions() throws {
        var random = Bytes(state: 0x2929_2929)
        var refused = 0, loaded = 0
        for round in 0..<150 {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skin-fuzz-\(round)-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let yaml = round % 2 == 0 ? Self.mangled(SkinTests.validYAML, &random) : Array(SkinTests.validYAML.utf8)
            let svg = round % 2 == 1 ? Self.mangled(SkinTests.art, &random) : Array(SkinTests.art.utf8)
            try Data(yaml).write(to: folder.appendingPathComponent(Skin.fileName))
            try Data(svg).write(to: folder.appendingPathComponent("parts.svg"))
            do {
                _ = try Skin.load(folder: folder.path, slots: SkinTests.slots)
                loaded += 1
            } catch let errors as SceneErrors {
                refused += 1
                #expect(!errors.diagnostics.isEmpty)
                for problem in errors.diagnostics {
                    #expect(problem.line >= 1 && problem.column >= 1)
                    #expect(!problem.message.isEmpty && !problem.message.contains("\n"), "\(problem)")
                }
            }
        }
        // Most mangled folders are refused; a few mutations leave a valid skin (in comments or spaces).
        #expect(refused > 30 && loaded >= 1, "refused \(refused), loaded \(loaded)")
    }
}
