import Foundation
import TestSupport
import Testing

/// The strip of snow ending in docs/scene-format.md is what the tool renders today:
/// scripts/effect-end-strip.sh (aria-render stills, ImageMagick's montage) makes it again,
/// byte for byte.
@Suite struct EffectEndPictureTests {
    @Test func theDocumentedStripIsCurrent() throws {
        let folder = try makeTemporaryFolder("effect-end-strip")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tool = try #require(AriaRenderTool.path, "aria-render was not built")
        let output = folder + "/strip.png"
        let outcome = try Subprocess.run(RepositoryRoot.path + "/scripts/effect-end-strip.sh", [output],
                                         environment: ["ARIA_RENDER": tool], in: RepositoryRoot.path, timeout: 120)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let made = try Data(contentsOf: URL(fileURLWithPath: output))
        let committed = try Data(contentsOf: URL(fileURLWithPath: RepositoryRoot.path + "/docs/images/effect-end-snow.png"))
        // Compared as one answer: a byte-by-byte difference of two pictures takes minutes to print.
        let current = made == committed
        #expect(current, "docs/images/effect-end-snow.png is stale: run scripts/effect-end-strip.sh docs/images/effect-end-snow.png")
    }
}
