import Drawing
import Foundation

/// The angles the registration guide asks for, in its order (the document's 앞/뒤/좌/우/위).
public enum PhotoAngle: String, Sendable, CaseIterable {
    case front, back, left, right, top

    /// What the guide says, in Korean.
    public var korean: String {
        switch self {
        case .front: return "앞"
        case .back: return "뒤"
        case .left: return "왼쪽"
        case .right: return "오른쪽"
        case .top: return "위"
        }
    }

    /// The angle the guide asks for after `taken` photos.
    public static func guide(after taken: Int) -> PhotoAngle { allCases[taken % allCases.count] }
}

/// What the game knows of one photo file: read once when the scene is read (never in the
/// simulation), its brightness from its own pixels and a small feature print.
public struct PhotoAnalysis: Sendable, Equatable {
    /// Mean luma (Rec. 601) of its pixels, 0 (black) to 1 (white).
    public var luminance: Double
    /// The feature print: the mean colour of each cell of a 4×4 grid, as RGB bytes (48 bytes);
    /// the thumbnail is drawn from it.
    public var featurePrint: [UInt8]
    /// Its size in pixels.
    public var width: Int
    public var height: Int

    /// Cells across and down the feature print.
    public static let grid = 4

    /// The analysis of the PNG at `path`; nil when it is no readable PNG.
    public static func read(path: String) -> PhotoAnalysis? {
        // Cairo would read a folder or an empty file as an error too; checking first keeps the message simple.
        guard FileManager.default.isReadableFile(atPath: path), let surface = ImageSurface.readWithCairo(from: path),
              surface.width > 0, surface.height > 0, surface.format == .argb32 else { return nil }
        return analyse(surface.pixels)
    }

    /// The analysis of `pixels` (premultiplied ARGB32, as Cairo keeps them).
    public static func analyse(_ pixels: FramePixels) -> PhotoAnalysis {
        var sums = [Double](repeating: 0, count: grid * grid * 3)
        var counts = [Double](repeating: 0, count: grid * grid)
        var luma = 0.0
        for y in 0..<pixels.height {
            let row = pixels.base + y * pixels.stride
            let cellY = y * grid / pixels.height
            for x in 0..<pixels.width {
                let pixel = row.load(fromByteOffset: x * 4, as: UInt32.self)
                // Little-endian ARGB32: over a transparent part the photo counts as black.
                let r = Double((pixel >> 16) & 0xFF) / 255, g = Double((pixel >> 8) & 0xFF) / 255, b = Double(pixel & 0xFF) / 255
                luma += 0.299 * r + 0.587 * g + 0.114 * b
                let cell = cellY * grid + x * grid / pixels.width
                sums[cell * 3] += r
                sums[cell * 3 + 1] += g
                sums[cell * 3 + 2] += b
                counts[cell] += 1
            }
        }
        let print = (0..<sums.count).map { index -> UInt8 in
            let count = counts[index / 3]
            return count == 0 ? 0 : UInt8((sums[index] / count * 255).rounded())
        }
        return PhotoAnalysis(luminance: (luma / Double(pixels.width * pixels.height) * 10_000).rounded() / 10_000,
                             featurePrint: print, width: pixels.width, height: pixels.height)
    }
}
