import Foundation
import Princess
import PrincessGame
import TestSupport
import Testing

/// The exported skins write their colours `#rrggbb`, not Cairo's `rgb(48.000002%,…)`, and the
/// drawing is unchanged: librsvg draws every part to the same pixels either way.
@Suite struct SkinExportColorTests {
    @Test func everyPrincessPartIsWrittenInHexAndDrawsTheSame() throws {
        let root = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var files = 0, cairoColors = 0
        for kind in CharacterKind.allCases {
            let cairo = root + "/cairo-" + kind.rawValue, hex = root + "/hex-" + kind.rawValue
            try PrincessSkinExport.write(kind, to: cairo, hexColors: false)
            try PrincessSkinExport.write(kind, to: hex)
            for file in try ExportedSkinColors.compare(cairo: cairo, hex: hex) {
                #expect(file.hexRGB == 0, "\(kind) \(file.name) still has rgb(")
                #expect(file.differingPixels == 0, "\(kind) \(file.name): \(file.differingPixels) pixels differ")
                #expect(file.sameBesidesColors, "\(kind) \(file.name) changed beyond its colours")
                files += 1
                cairoColors += file.cairoRGB
            }
        }
        #expect(files == 5 * 20)
        // Cairo wrote percentages, so there was something to rewrite.
        #expect(cairoColors > 100, "\(cairoColors) rgb( in Cairo's files")
        print("skin export colours: \(files) parts, \(cairoColors) colours rewritten, 0 pixels differ")
    }
}
