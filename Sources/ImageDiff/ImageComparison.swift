/// What a comparison of two images found.
public struct ImageComparison: Equatable, Sendable {
    /// The pixels are exactly the same.
    public var identical: Bool
    /// The images differ in size; nothing else was compared.
    public var sizeMismatch: Bool
    /// Pixels whose colour difference is above the threshold and that are not anti-aliasing.
    public var differentPixels: Int
    /// Pixels that differ only as anti-aliasing does (not counted as differences).
    public var antialiasedPixels: Int
    /// Pixels compared.
    public var totalPixels: Int
    /// Boxes around the clusters of differing pixels.
    public var regions: [DiffRegion]
    /// The diff image: the first image faded, differences red where the second image is the
    /// lighter and green where it is the darker (pixelmatch's `diffColor` and `diffColorAlt`),
    /// anti-aliasing yellow, each region boxed in magenta. Nil for identical images and size
    /// mismatches.
    public var diffImage: RGBAImage?

    /// Whether the images count as the same under the options used.
    public var matches: Bool { !sizeMismatch && differentPixels == 0 }

    /// A comparison's findings as recorded elsewhere (a report read back), without a diff image.
    public init(identical: Bool, sizeMismatch: Bool, differentPixels: Int, antialiasedPixels: Int, totalPixels: Int,
                regions: [DiffRegion], diffImage: RGBAImage? = nil) {
        self.identical = identical
        self.sizeMismatch = sizeMismatch
        self.differentPixels = differentPixels
        self.antialiasedPixels = antialiasedPixels
        self.totalPixels = totalPixels
        self.regions = regions
        self.diffImage = diffImage
    }
}

/// How two images are compared.
public struct ComparisonOptions: Equatable, Sendable {
    /// Colour difference threshold, 0…1 of the largest possible YIQ distance; smaller is stricter.
    public var threshold: Double
    /// Count anti-aliasing pixels as differences instead of excusing them.
    public var countAntialiasing: Bool
    /// Make the diff image (costs a pass over every pixel).
    public var makeDiffImage: Bool

    /// The defaults pixelmatch users know: threshold 0.1, anti-aliasing excused, diff image made.
    public init(threshold: Double = 0.1, countAntialiasing: Bool = false, makeDiffImage: Bool = true) {
        self.threshold = threshold
        self.countAntialiasing = countAntialiasing
        self.makeDiffImage = makeDiffImage
    }
}

/// Compares two images pixel by pixel: an exact pass first, then a perceptual (YIQ) colour
/// difference with anti-aliasing detection for the pixels that are not equal.
public enum ImageComparator {
    /// Compares `expected` with `actual`.
    public static func compare(_ expected: RGBAImage, _ actual: RGBAImage,
                               options: ComparisonOptions = ComparisonOptions()) -> ImageComparison {
        let total = expected.width * expected.height
        guard expected.width == actual.width, expected.height == actual.height else {
            return ImageComparison(identical: false, sizeMismatch: true, differentPixels: 0,
                                   antialiasedPixels: 0, totalPixels: max(total, actual.width * actual.height),
                                   regions: [], diffImage: nil)
        }
        if expected.bytes == actual.bytes {
            return ImageComparison(identical: true, sizeMismatch: false, differentPixels: 0,
                                   antialiasedPixels: 0, totalPixels: total, regions: [], diffImage: nil)
        }
        let width = expected.width, height = expected.height
        let limit = YIQDelta.maximum * Float(options.threshold * options.threshold)
        let detector = AntialiasingDetector(width: width, height: height)
        var finder = DiffRegionFinder(width: width, height: height)
        var different = 0, antialiased = 0
        var diff = options.makeDiffImage ? [UInt8](repeating: 0, count: total * 4) : []

        expected.bytes.withUnsafeBufferPointer { first in
            actual.bytes.withUnsafeBufferPointer { second in
                let a = first.baseAddress!, b = second.baseAddress!
                let rawA = UnsafeRawPointer(a), rawB = UnsafeRawPointer(b)
                diff.withUnsafeMutableBufferPointer { output in
                    // An empty array's buffer may still have a base address (the shared empty
                    // storage): writing through it corrupted the runtime when no diff image was asked for.
                    let out = output.isEmpty ? nil : output.baseAddress
                    for y in 0..<height {
                        for x in 0..<width {
                            let offset = (y * width + x) * 4
                            let same = rawA.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                                == rawB.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                            let delta = same ? 0 : YIQDelta.delta(a, offset, b, offset)
                            if abs(delta) > limit {
                                let excused = !options.countAntialiasing
                                    && (detector.isAntialiased(a, x, y, other: b) || detector.isAntialiased(b, x, y, other: a))
                                if excused {
                                    antialiased += 1
                                    if let out { paint(out, offset, 255, 255, 0) }
                                } else {
                                    different += 1
                                    finder.add(x: x, y: y)
                                    // The sign says which way: negative when the second image is the darker.
                                    if let out {
                                        if delta < 0 { paint(out, offset, darker.red, darker.green, darker.blue) }
                                        else { paint(out, offset, lighter.red, lighter.green, lighter.blue) }
                                    }
                                }
                            } else if let out {
                                fade(a, offset, into: out)
                            }
                        }
                    }
                }
            }
        }
        let regions = finder.regions()
        if options.makeDiffImage { for region in regions { drawBox(around: region, in: &diff, width: width, height: height) } }
        return ImageComparison(
            identical: false, sizeMismatch: false, differentPixels: different,
            antialiasedPixels: antialiased, totalPixels: total, regions: regions,
            diffImage: options.makeDiffImage ? RGBAImage(width: width, height: height, bytes: diff) : nil
        )
    }

    /// A differing pixel that is lighter (or as light) in the second image: pixelmatch's `diffColor`.
    public static let lighter: (red: UInt8, green: UInt8, blue: UInt8) = (255, 0, 0)
    /// A differing pixel that is darker in the second image: pixelmatch's `diffColorAlt`.
    public static let darker: (red: UInt8, green: UInt8, blue: UInt8) = (0, 190, 0)
    /// The outline around each region of differing pixels.
    public static let box: (red: UInt8, green: UInt8, blue: UInt8) = (255, 0, 255)

    /// Outlines `region` one pixel outside it (so the box never hides a differing pixel),
    /// clipped to the image.
    private static func drawBox(around region: DiffRegion, in diff: inout [UInt8], width: Int, height: Int) {
        let left = region.x - 2, right = region.x + region.width + 1
        let top = region.y - 2, bottom = region.y + region.height + 1
        func plot(_ x: Int, _ y: Int) {
            guard x >= 0, x < width, y >= 0, y < height else { return }
            let offset = (y * width + x) * 4
            diff[offset] = box.red; diff[offset + 1] = box.green; diff[offset + 2] = box.blue; diff[offset + 3] = 255
        }
        for x in left...right { plot(x, top); plot(x, bottom) }
        for y in top...bottom { plot(left, y); plot(right, y) }
    }

    @inline(__always)
    private static func paint(_ out: UnsafeMutablePointer<UInt8>, _ offset: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        out[offset] = r
        out[offset + 1] = g
        out[offset + 2] = b
        out[offset + 3] = 255
    }

    /// A faded grey of the original, so the red and yellow stand out but the picture can
    /// still be recognised.
    @inline(__always)
    private static func fade(_ image: UnsafePointer<UInt8>, _ offset: Int, into out: UnsafeMutablePointer<UInt8>) {
        let alpha = Float(image[offset + 3]) / 255
        let r = YIQDelta.blend(Float(image[offset]), alpha)
        let g = YIQDelta.blend(Float(image[offset + 1]), alpha)
        let b = YIQDelta.blend(Float(image[offset + 2]), alpha)
        let grey = UInt8(YIQDelta.blend(YIQDelta.luma(r, g, b), 0.1))
        out[offset] = grey
        out[offset + 1] = grey
        out[offset + 2] = grey
        out[offset + 3] = 255
    }
}
