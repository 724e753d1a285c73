import Shards
import XCTest

final class AssemblyPlanTests: XCTestCase {
    private func piece(_ index: Int, of count: Int, whole: Range<Int> = 0..<100, hash: String = "abc") -> PieceManifest {
        let frames = ShardSpec(index: index, count: count)!.slice(of: whole)
        return PieceManifest(tool: "1", scene: "s", sceneHash: hash, seed: 1, width: 64, height: 36, frameRate: 30,
                             whole: FrameSpan(whole), frames: FrameSpan(frames), shard: index, shards: count, format: "mp4",
                             codec: ["-crf", "20"], file: PieceManifest.name(shard: index, of: count, extension: "mp4"), bytes: 10,
                             sound: index == 0 ? "sound.m4a" : nil, withSound: true)
    }

    private func plan(_ pieces: [PieceManifest], files: Set<String>? = nil) throws -> AssemblyPlan {
        let entries: [AssemblyPlan.Entry] = pieces.map { (PieceManifest.name(shard: $0.shard, of: $0.shards), $0, nil) }
        let present = files ?? Set(pieces.compactMap(\.file) + ["sound.m4a"])
        return try AssemblyPlan(entries: entries, folder: "farm", size: { present.contains($0) ? 10 : nil }, frameName: { "f\($0)" })
    }

    private func failure(_ pieces: [PieceManifest], files: Set<String>? = nil) -> String {
        do { _ = try plan(pieces, files: files); return "" } catch { return "\(error)" }
    }

    func testCompleteSetIsOrdered() throws {
        let result = try plan([piece(2, of: 3), piece(0, of: 3), piece(1, of: 3)])
        XCTAssertEqual(result.pieces.map(\.shard), [0, 1, 2])
        XCTAssertEqual(result.sound, "sound.m4a")
        XCTAssertEqual(result.pieces.map(\.frames.first), [0, 34, 67])
    }

    func testBalancedSplitIsTakenAndCheckedFromTheManifests() throws {
        let split = [FrameSpan(0..<60), FrameSpan(60..<100)]
        let pieces = (0..<2).map { index -> PieceManifest in
            var manifest = piece(index, of: 2)
            manifest.split = split
            manifest.frames = split[index]
            return manifest
        }
        XCTAssertEqual(try plan(pieces).pieces.map(\.frames), split)
        XCTAssertEqual(failure([pieces[1]]), "farm lacks 1 of 2 pieces: shard 0/2 (frames 0-59); re-run that shard")
        // A piece of another split is foreign; a split with a gap is refused.
        XCTAssert(failure([pieces[0], piece(1, of: 2)]).contains("its split is"), failure([pieces[0], piece(1, of: 2)]))
        var gap = pieces
        for index in 0..<2 { gap[index].split = [FrameSpan(0..<60), FrameSpan(61..<100)] }
        gap[1].frames = FrameSpan(61..<100)
        XCTAssert(failure(gap).contains("does not cover 0-99"), failure(gap))
    }

    func testMissingPieceIsNamedWithItsFrames() {
        let text = failure([piece(0, of: 4), piece(1, of: 4), piece(3, of: 4)])
        XCTAssertTrue(text.contains("lacks 1 of 4 pieces: shard 2/4 (frames 50-74)"), text)
    }

    func testForeignPieceIsNamed() {
        let text = failure([piece(0, of: 3), piece(1, of: 3, hash: "other"), piece(2, of: 3)])
        XCTAssertTrue(text.contains("farm/piece-00001-of-00003.json is a foreign piece: its scene hash is other, not abc"), text)
        let mixed = failure([piece(0, of: 2), piece(1, of: 2), piece(2, of: 3)])
        XCTAssertTrue(mixed.contains("piece-00002-of-00003.json is a foreign piece: its shard count is 3, not 2"), mixed)
    }

    func testOverlappingSliceIsRefused() {
        var wrong = piece(1, of: 2)
        wrong.frames = FrameSpan(40..<100)
        let text = failure([piece(0, of: 2), wrong])
        XCTAssertTrue(text.contains("frames 40-99 are not shard 1/2's slice of 0-99"), text)
    }

    func testMissingOrChangedSegmentAndSound() {
        let pieces = [piece(0, of: 2), piece(1, of: 2)]
        XCTAssertTrue(failure(pieces, files: ["piece-00000-of-00002.mp4", "sound.m4a"]).contains("piece-00001-of-00002.mp4 of piece"))
        XCTAssertTrue(failure(pieces, files: ["piece-00000-of-00002.mp4", "piece-00001-of-00002.mp4"]).contains("the sound of the whole render, is missing"))
        XCTAssertTrue(failure([]).contains("holds no pieces"))
    }

    func testManifestRoundTripsThroughJSON() throws {
        let original = piece(1, of: 3)
        let text = String(decoding: try original.json(), as: UTF8.self)
        XCTAssertTrue(text.contains("\"scene_hash\" : \"abc\""), text)
        XCTAssertEqual(try PieceManifest.read(try original.json(), file: "p.json"), original)
    }

    /// A file that is not a manifest says where, as scene files do (JSONDecoder said nothing).
    func testABrokenManifestSaysWhere() throws {
        func problem(_ text: String) -> String {
            do {
                _ = try PieceManifest.read(Array(text.utf8), file: "farm/piece-00000-of-00002.json")
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        let good = String(decoding: try piece(0, of: 2).json(), as: UTF8.self)
        XCTAssertEqual(problem("{\"kind\": \"other\"}"), "farm/piece-00000-of-00002.json:1:10: kind: expected \"aria-render piece\", found 'other'")
        XCTAssertEqual(problem("{\n  \"kind\": \"aria-render piece\",\n  \"tool\": 1\n}"),
                       "farm/piece-00000-of-00002.json:3:11: tool: expected a text in quotes, found '1'")
        XCTAssertTrue(problem(good.replacingOccurrences(of: "\"width\" : 64", with: "\"width\" : \"wide\"")).contains(": width: expected a whole number"))
        XCTAssertTrue(problem(String(good.dropLast(3))).hasPrefix("farm/piece-00000-of-00002.json:"))
        XCTAssertEqual(problem(""), "farm/piece-00000-of-00002.json:1:1: malformed JSON: the file is empty; expected a piece manifest")
    }
}
