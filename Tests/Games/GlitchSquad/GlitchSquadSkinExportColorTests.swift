import Foundation
@testable import GlitchSquadGame
import TestSupport
import Testing

/// Pixel's and the fruit's exported skins write their colours `#rrggbb` and draw the same as
/// Cairo's `rgb(…%)` text does, part by part, through librsvg.
@Suite struct GlitchSquadSkinExportColorTests {
    @Test func everyPartIsWrittenInHexAndDrawsTheSame() throws {
        let root = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var files = 0, cairoColors = 0
        for kind in GlitchSquadSkins.kinds {
            let cairo = root + "/cairo-" + kind, hex = root + "/hex-" + kind
            _ = try GlitchSquadSkins.export(kind, to: cairo, hexColors: false)
            _ = try GlitchSquadSkins.export(kind, to: hex)
            for file in try ExportedSkinColors.compare(cairo: cairo, hex: hex) {
                #expect(file.hexRGB == 0, "\(kind) \(file.name) still has rgb(")
                #expect(file.differingPixels == 0, "\(kind) \(file.name): \(file.differingPixels) pixels differ")
                #expect(file.sameBesidesColors, "\(kind) \(file.name) changed beyond its colours")
                files += 1
                cairoColors += file.cairoRGB
            }
        }
        #expect(files > GlitchSquadSkins.kinds.count)
        #expect(cairoColors > 20, "\(cairoColors) rgb( in Cairo's files")
    }
}
