import Foundation
import Testing
@testable import Render

/// Crafted images: a disc drawn with exact anti-aliasing (16×16 supersampling), so tests can
/// move its edge by a fraction of a pixel or change its colour.
enum CraftedImage {
    static func disc(width: Int = 64, height: Int = 48, centreX: Double = 32, centreY: Double = 24,
                     radius: Double = 12, colour: (UInt8, UInt8, UInt8) = (220, 40, 90)) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, red: 250, green: 240, blue: 230)
        for y in 0..<height {
            for x in 0..<width {
                var inside = 0
                for sy in 0..<16 {
                    for sx in 0..<16 {
                        let px = Double(x) + (Double(sx) + 0.5) / 16, py = Double(y) + (Double(sy) + 0.5) / 16
                        if (px - centreX) * (px - centreX) + (py - centreY) * (py - centreY) <= radius * radius { inside += 1 }
                    }
                }
                guard inside > 0 else { continue }
                let coverage = Double(inside) / 256
                let background = image.pixel(x: x, y: y)
                func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) * (1 - coverage) + Double(b) * coverage).rounded()) }
                image.setPixel(x: x, y: y, red: mix(background.red, colour.0),
                               green: mix(background.green, colour.1), blue: mix(background.blue, colour.2))
            }
        }
        return image
    }
}

@Suite struct ImageComparatorTests {
    @Test func identicalImagesAreIdentical() {
        let image = CraftedImage.disc()
        let result = ImageComparator.compare(image, image)
        #expect(result.identical && result.matches && result.differentPixels == 0)
        #expect(result.diffImage == nil)
    }

    @Test func oneChangedPixelIsFoundAndBoxed() {
        let image = CraftedImage.disc()
        var changed = image
        changed.setPixel(x: 5, y: 7, red: 0, green: 0, blue: 0)
        let result = ImageComparator.compare(image, changed)
        #expect(!result.identical && !result.matches)
        #expect(result.differentPixels == 1)
        #expect(result.regions == [DiffRegion(x: 5, y: 7, width: 1, height: 1, pixels: 1)])
        let diff = result.diffImage!
        #expect(diff.pixel(x: 5, y: 7) == (255, 0, 0, 255), "a difference is red")
        let faded = diff.pixel(x: 0, y: 0)
        #expect(faded.red == faded.green && faded.red > 200, "elsewhere a faded grey of the original")
    }

    @Test func aSubpixelShiftOfAnAntialiasedEdgeIsExcused() {
        let original = CraftedImage.disc(centreX: 32)
        let shifted = CraftedImage.disc(centreX: 32.35)
        let result = ImageComparator.compare(original, shifted)
        #expect(!result.identical)
        #expect(result.antialiasedPixels > 0)
        #expect(result.differentPixels == 0, "an edge moved by a third of a pixel is not a change")
        #expect(result.matches)
        let strict = ImageComparator.compare(original, shifted, options: ComparisonOptions(countAntialiasing: true))
        #expect(!strict.matches)
    }

    @Test func aColourChangeFails() {
        let pink = CraftedImage.disc(colour: (220, 40, 90))
        let blue = CraftedImage.disc(colour: (40, 90, 220))
        let result = ImageComparator.compare(pink, blue)
        #expect(!result.matches)
        #expect(result.differentPixels > 300)
        #expect(result.regions.count == 1)
        let box = result.regions[0]
        #expect(box.contains(x: 32, y: 24) && box.width <= 26 && box.height <= 26)
    }

    @Test func aSubtleChangeBelowTheThresholdPasses() {
        let image = CraftedImage.disc()
        var nudged = image
        let p = image.pixel(x: 32, y: 24)
        nudged.setPixel(x: 32, y: 24, red: p.red - 2, green: p.green, blue: p.blue)
        #expect(ImageComparator.compare(image, nudged).matches)
        #expect(!ImageComparator.compare(image, nudged, options: ComparisonOptions(threshold: 0)).matches)
    }

    @Test func differentSizesAreTheirOwnResult() {
        let result = ImageComparator.compare(CraftedImage.disc(width: 64), CraftedImage.disc(width: 65))
        #expect(result.sizeMismatch && !result.matches && !result.identical)
        #expect(result.differentPixels == 0)
    }

    @Test func separateChangesGetSeparateBoxes() {
        let image = CraftedImage.disc(width: 200, height: 100)
        var changed = image
        for x in 10..<14 { changed.setPixel(x: x, y: 10, red: 0, green: 0, blue: 0) }
        for y in 80..<90 { changed.setPixel(x: 180, y: y, red: 0, green: 0, blue: 0) }
        let regions = ImageComparator.compare(image, changed).regions
        #expect(regions == [DiffRegion(x: 10, y: 10, width: 4, height: 1, pixels: 4),
                            DiffRegion(x: 180, y: 80, width: 1, height: 10, pixels: 10)])
    }
}

@Suite struct PNGImageFileTests {
    func temporaryPath(_ name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("aria-png-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).path
    }

    @Test func writeThenReadGivesTheSamePixels() throws {
        var image = CraftedImage.disc()
        image.setPixel(x: 1, y: 1, red: 10, green: 20, blue: 30, alpha: 128)
        let path = temporaryPath("disc.png")
        try PNGImageFile.write(image, to: path)
        let back = try PNGImageFile.read(path)
        #expect(back.width == image.width && back.height == image.height)
        #expect(back.pixel(x: 32, y: 24) == image.pixel(x: 32, y: 24))
        #expect(back.pixel(x: 1, y: 1).alpha == 128)
        let folder = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["disc.png"], "no temporary file left")
    }

    @Test func aTruncatedPNGIsAnErrorNotACrash() throws {
        let path = temporaryPath("full.png")
        try PNGImageFile.write(CraftedImage.disc(), to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let truncated = temporaryPath("truncated.png")
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: truncated))
        #expect(throws: ImageFileError.self) { try PNGImageFile.read(truncated) }
    }

    @Test func notAPNGAndMissingFilesAreErrors() throws {
        let text = temporaryPath("notes.png")
        try "not an image".write(toFile: text, atomically: true, encoding: .utf8)
        #expect(throws: ImageFileError.self) { try PNGImageFile.read(text) }
        #expect(throws: ImageFileError.self) { try PNGImageFile.read(temporaryPath("absent.png")) }
    }

    @Test func anUnwritablePathIsAnError() {
        #expect(throws: ImageFileError.self) {
            try PNGImageFile.write(CraftedImage.disc(), to: "/proc/aria-cannot-write-here.png")
        }
    }
}
