import Drawing

/// How far the colours of a decoded video are from the frame that was drawn, where a wrong
/// colour matrix shows: saturated pixels inside flat areas (chroma subsampling blurs edges
/// whatever the matrix; a wrong matrix shifts flat colours).
public enum SaturatedColours {
    /// The straight (un-premultiplied) red, green and blue bytes of `pixels`, row by row.
    public static func rgb(_ pixels: FramePixels) -> [UInt8] {
        var rgb = [UInt8]()
        rgb.reserveCapacity(pixels.width * pixels.height * 3)
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let (r, g, b, _) = pixels.rgba(x: x, y: y)
                rgb.append(UInt8(r))
                rgb.append(UInt8(g))
                rgb.append(UInt8(b))
            }
        }
        return rgb
    }

    /// The mean absolute error per channel of `decoded` against `reference` (both RGB bytes of
    /// `width`×`height`) over the saturated pixels of flat areas, and how many pixels that is.
    /// Written as plain loops over the bytes: the tests run it on whole HD frames in a debug build.
    public static func meanError(_ decoded: [UInt8], _ reference: [UInt8], width: Int, height: Int) -> (error: Double, pixels: Int) {
        reference.withUnsafeBufferPointer { reference in
            decoded.withUnsafeBufferPointer { decoded in
                var total = 0, count = 0
                for y in 2..<height - 2 {
                    for x in 2..<width - 2 {
                        let at = (y * width + x) * 3
                        let red = Int(reference[at]), green = Int(reference[at + 1]), blue = Int(reference[at + 2])
                        guard max(red, green, blue) - min(red, green, blue) > 100 else { continue }
                        // Flat: every pixel within two of it within 6 levels in each channel.
                        var flat = true
                        var dy = -2
                        while flat && dy <= 2 {
                            var near = ((y + dy) * width + x - 2) * 3
                            for _ in 0..<5 {
                                if abs(Int(reference[near]) - red) > 6 || abs(Int(reference[near + 1]) - green) > 6
                                    || abs(Int(reference[near + 2]) - blue) > 6 {
                                    flat = false
                                    break
                                }
                                near += 3
                            }
                            dy += 1
                        }
                        guard flat else { continue }
                        total += abs(Int(decoded[at]) - red) + abs(Int(decoded[at + 1]) - green) + abs(Int(decoded[at + 2]) - blue)
                        count += 3
                    }
                }
                return (Double(total) / Double(max(count, 1)), count / 3)
            }
        }
    }
}
