import Foundation
import Princess
import TestSupport
import Testing

/// The cast, room and effect sheets in docs/scene-format.md and the easings sheet in
/// docs/moves.md are what the tool renders today, and name every kind, room and effect a
/// scene file may give.
@Suite struct DocumentSheetsTests {
    @Test func theDocumentedSheetsAreCurrent() throws {
        let folder = try makeTemporaryFolder("doc-sheets")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = try #require(AriaRenderTool.path, "aria-render was not built")
        let outcome = try Subprocess.run(RepositoryRoot.path + "/scripts/doc-sheets.sh", [folder],
                                         environment: ["ARIA_RENDER": tool], in: RepositoryRoot.path, timeout: 300)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        for sheet in ["cast", "rooms", "effects", "moves"] {
            let made = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(sheet).png"))
            let committed = try Data(contentsOf: URL(fileURLWithPath: "\(RepositoryRoot.path)/docs/images/\(sheet).png"))
            // Compared as one answer: a byte-by-byte difference of two pictures takes minutes to print.
            let current = made == committed
            #expect(current, "docs/images/\(sheet).png is stale: run scripts/doc-sheets.sh docs/images")
        }
    }

    /// Every name the scene format lists for kinds, backgrounds and effects has its tile: a
    /// new princess, room or effect cannot be added without its picture.
    @Test func everyNameTheFormatListsHasATile() throws {
        let format = try String(contentsOfFile: RepositoryRoot.path + "/docs/scene-format.md", encoding: .utf8)
        let script = try String(contentsOfFile: RepositoryRoot.path + "/scripts/doc-sheets.sh", encoding: .utf8)
        func listed(after marker: String) throws -> [String] {
            let line = try #require(format.split(separator: "\n").first { $0.contains(marker) }, "\(marker) in scene-format.md")
            let comment = try #require(line.split(separator: "#", maxSplits: 1).last)
            return comment.split(separator: "(")[0].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let kinds = try listed(after: "kind: luna ")
        let rooms = try listed(after: "background: bedroom ")
        #expect(kinds == CharacterKind.allCases.map(\.rawValue), "the format lists the game's kinds: \(kinds)")
        #expect(rooms == Backdrop.allCases.map(\.rawValue), "the format lists the game's rooms: \(rooms)")
        #expect(script.contains("for kind in \(kinds.joined(separator: " ")); do"))
        #expect(script.contains("for room in \(rooms.joined(separator: " ")); do"))
        for effect in ["sparkles", "snow", "bubbles"] {
            #expect(script.contains("tile effect") && script.contains(" \(effect) \"s/"), "\(effect) has its tile")
        }
    }
}
