import Foundation
@testable import ImageDiff
import Testing
import TestSupport


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
