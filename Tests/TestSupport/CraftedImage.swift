import ImageDiff

/// Crafted images: a disc drawn with exact anti-aliasing (16×16 supersampling), so tests can
/// move its edge by a fraction of a pixel or change its colour.
public enum CraftedImage {
    public static func disc(width: Int = 64, height: Int = 48, centreX: Double = 32, centreY: Double = 24,
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
