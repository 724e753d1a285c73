import ImageDiff

/// Compares a rendered frame with its golden under a scene's tolerances: each tolerance
/// region is compared on its own with its own tolerance, and the rest of the frame with
/// the scene's.
public enum GoldenFrameComparison {
    /// The comparison, and whether it passes.
    public static func compare(golden: RGBAImage, actual: RGBAImage, scene: GoldenScene,
                               makeDiffImage: Bool = true) -> (ImageComparison, passed: Bool) {
        let options = ComparisonOptions(threshold: scene.tolerance.threshold, makeDiffImage: makeDiffImage)
        guard !scene.regions.isEmpty, golden.width == actual.width, golden.height == actual.height,
              golden.bytes != actual.bytes else {
            let result = ImageComparator.compare(golden, actual, options: options)
            return (result, !result.sizeMismatch && result.differentPixels <= scene.tolerance.maxDifferentPixels)
        }
        // Outside the regions: hide the regions by giving the actual the golden's pixels there.
        var masked = actual
        for region in scene.regions { masked.copyRect(region.area, from: golden) }
        var total = ImageComparator.compare(golden, masked, options: options)
        var passed = total.differentPixels <= scene.tolerance.maxDifferentPixels
        for region in scene.regions {
            let inside = ImageComparator.compare(golden.cropped(region.area), actual.cropped(region.area),
                                                 options: ComparisonOptions(threshold: region.tolerance.threshold,
                                                                            makeDiffImage: makeDiffImage))
            passed = passed && inside.differentPixels <= region.tolerance.maxDifferentPixels
            total.differentPixels += inside.differentPixels
            total.antialiasedPixels += inside.antialiasedPixels
            total.regions += inside.regions.map {
                DiffRegion(x: $0.x + region.area.x, y: $0.y + region.area.y, width: $0.width, height: $0.height, pixels: $0.pixels)
            }
            if var diff = total.diffImage, let part = inside.diffImage {
                diff.paste(part, at: region.area.x, region.area.y)
                total.diffImage = diff
            }
        }
        total.identical = false
        total.regions.sort { ($0.y, $0.x) < ($1.y, $1.x) }
        return (total, passed)
    }
}

extension RGBAImage {
    /// The pixels inside `area`.
    public func cropped(_ area: DiffRegion) -> RGBAImage {
        var bytes = [UInt8](repeating: 0, count: area.width * area.height * 4)
        for row in 0..<area.height {
            let source = ((area.y + row) * width + area.x) * 4
            bytes.replaceSubrange(row * area.width * 4..<(row + 1) * area.width * 4,
                                  with: self.bytes[source..<source + area.width * 4])
        }
        return RGBAImage(width: area.width, height: area.height, bytes: bytes)
    }

    /// Copies `other`'s pixels inside `area` over this image's (same size images).
    public mutating func copyRect(_ area: DiffRegion, from other: RGBAImage) {
        for row in 0..<area.height {
            let start = ((area.y + row) * width + area.x) * 4
            bytes.replaceSubrange(start..<start + area.width * 4, with: other.bytes[start..<start + area.width * 4])
        }
    }

    /// Draws `part` with its top-left corner at (`x`, `y`).
    public mutating func paste(_ part: RGBAImage, at x: Int, _ y: Int) {
        for row in 0..<part.height {
            let target = ((y + row) * width + x) * 4
            bytes.replaceSubrange(target..<target + part.width * 4,
                                  with: part.bytes[row * part.width * 4..<(row + 1) * part.width * 4])
        }
    }
}
