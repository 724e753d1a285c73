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
                rgb += [UInt8(r), UInt8(g), UInt8(b)]
            }
        }
        return rgb
    }

    /// The mean absolute error per channel of `decoded` against `reference` (both RGB bytes of
    /// `width`×`height`) over the saturated pixels of flat areas, and how many pixels that is.
    public static func meanError(_ decoded: [UInt8], _ reference: [UInt8], width: Int, height: Int) -> (error: Double, pixels: Int) {
        func at(_ x: Int, _ y: Int, _ c: Int) -> Int { Int(reference[(y * width + x) * 3 + c]) }
        var total = 0, count = 0
        for y in 2..<height - 2 {
            for x in 2..<width - 2 {
                let channels = (0..<3).map { at(x, y, $0) }
                guard channels.max()! - channels.min()! > 100 else { continue }
                var flat = true
                for dy in -2...2 where flat {
                    for dx in -2...2 where (0..<3).contains(where: { abs(at(x + dx, y + dy, $0) - channels[$0]) > 6 }) {
                        flat = false
                        break
                    }
                }
                guard flat else { continue }
                for c in 0..<3 { total += abs(Int(decoded[(y * width + x) * 3 + c]) - channels[c]) }
                count += 3
            }
        }
        return (Double(total) / Double(max(count, 1)), count / 3)
    }
}
