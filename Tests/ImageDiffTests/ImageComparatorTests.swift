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
        #expect(diff.pixel(x: 5, y: 7) == (0, 190, 0, 255), "a pixel darker now is green")
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

    /// pixelmatch's two colours: red where the new image is lighter, green (`diffColorAlt`)
    /// where it is darker, so what was added and what was taken away read apart; each region
    /// has a box around it, one pixel clear of it.
    @Test func theDiffImageTellsLighterFromDarkerAndBoxesTheRegions() {
        let image = CraftedImage.disc(width: 200, height: 100, centreX: 100, centreY: 50, radius: 20)
        var changed = image
        for x in 20..<24 { changed.setPixel(x: x, y: 20, red: 0, green: 0, blue: 0) }        // darker on the light background
        let disc = image.pixel(x: 100, y: 50)
        #expect(Int(disc.red) + Int(disc.green) + Int(disc.blue) < 600, "the disc is not white: \(disc)")
        for x in 100..<104 { changed.setPixel(x: x, y: 50, red: 255, green: 255, blue: 255) } // lighter on the disc
        let result = ImageComparator.compare(image, changed)
        #expect(result.regions.count == 2)
        let diff = result.diffImage!
        func rgb(_ x: Int, _ y: Int) -> [UInt8] { let p = diff.pixel(x: x, y: y); return [p.red, p.green, p.blue] }
        #expect(rgb(21, 20) == [0, 190, 0], "darker in the new image: diffColorAlt")
        #expect(rgb(101, 50) == [255, 0, 0], "lighter in the new image: diffColor")
        // The box of the first region (20…23, 20) runs one pixel clear of it: x 18…25, y 18…22.
        for (x, y) in [(18, 18), (25, 18), (18, 22), (25, 22), (21, 18), (18, 20), (25, 20), (21, 22)] {
            #expect(rgb(x, y) == [255, 0, 255], "box at (\(x), \(y))")
        }
        #expect(rgb(19, 20) != [255, 0, 255] && rgb(21, 19) != [255, 0, 255], "the box does not touch the pixels it encloses")
        #expect(rgb(99, 50) != [255, 0, 255] && rgb(98, 50) == [255, 0, 255])
    }
}
