/// Decides whether a differing pixel is anti-aliasing: an edge pixel whose value sits
/// between its darkest and brightest neighbours, where those neighbours lie in flat areas
/// of both images. Such a pixel changes when an edge moves by a fraction of a pixel, which
/// people do not see and which machines produce differently, so it is not counted.
struct AntialiasingDetector {
    let width: Int
    let height: Int

    /// Whether the pixel at (`x`, `y`) of `image` looks like anti-aliasing against `other`.
    func isAntialiased(_ image: UnsafePointer<UInt8>, _ x: Int, _ y: Int, other: UnsafePointer<UInt8>) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0)
        let x2 = min(x + 1, width - 1), y2 = min(y + 1, height - 1)
        let centre = (y * width + x) * 4
        var equalNeighbours = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var darkest: Float = 0, brightest: Float = 0
        var darkX = 0, darkY = 0, brightX = 0, brightY = 0
        for ny in y0...y2 {
            for nx in x0...x2 where nx != x || ny != y {
                let delta = YIQDelta.delta(image, centre, image, (ny * width + nx) * 4, lumaOnly: true)
                if delta == 0 {
                    equalNeighbours += 1
                    if equalNeighbours > 2 { return false }
                } else if delta < darkest {
                    darkest = delta; darkX = nx; darkY = ny
                } else if delta > brightest {
                    brightest = delta; brightX = nx; brightY = ny
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(image, darkX, darkY) && hasManySiblings(other, darkX, darkY))
            || (hasManySiblings(image, brightX, brightY) && hasManySiblings(other, brightX, brightY))
    }

    /// Whether at least three neighbours of (`x`, `y`) have exactly its colour (a flat area).
    private func hasManySiblings(_ image: UnsafePointer<UInt8>, _ x: Int, _ y: Int) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0)
        let x2 = min(x + 1, width - 1), y2 = min(y + 1, height - 1)
        let centre = (y * width + x) * 4
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        let raw = UnsafeRawPointer(image)
        let value = raw.loadUnaligned(fromByteOffset: centre, as: UInt32.self)
        for ny in y0...y2 {
            for nx in x0...x2 where nx != x || ny != y {
                if raw.loadUnaligned(fromByteOffset: (ny * width + nx) * 4, as: UInt32.self) == value {
                    zeroes += 1
                    if zeroes > 2 { return true }
                }
            }
        }
        return false
    }
}
