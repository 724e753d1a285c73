/// A rectangle enclosing a cluster of differing pixels.
public struct DiffRegion: Equatable, Sendable {
    /// Left edge, in pixels.
    public var x: Int
    /// Top edge, in pixels.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// How many differing pixels it holds.
    public var pixels: Int

    /// `13×15 at (484, 252)`: the one notation `diff` and `check` print a box in.
    public var description: String { "\(width)×\(height) at (\(x), \(y))" }

    /// A region from its parts.
    public init(x: Int, y: Int, width: Int, height: Int, pixels: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Whether the point lies inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }
}

/// Groups differing pixels into bounding boxes: pixels are binned into cells, and cells
/// that touch (including diagonally) form one region. Cells keep this linear in the number
/// of differing pixels and merge the specks of one change into one box.
struct DiffRegionFinder {
    static let cellSize = 8
    let columns: Int
    let rows: Int
    private var minX: [Int32], minY: [Int32], maxX: [Int32], maxY: [Int32], counts: [Int32]

    init(width: Int, height: Int) {
        columns = (width + Self.cellSize - 1) / Self.cellSize
        rows = (height + Self.cellSize - 1) / Self.cellSize
        let cells = columns * rows
        minX = [Int32](repeating: .max, count: cells)
        minY = [Int32](repeating: .max, count: cells)
        maxX = [Int32](repeating: -1, count: cells)
        maxY = [Int32](repeating: -1, count: cells)
        counts = [Int32](repeating: 0, count: cells)
    }

    mutating func add(x: Int, y: Int) {
        let cell = (y / Self.cellSize) * columns + x / Self.cellSize
        minX[cell] = min(minX[cell], Int32(x))
        minY[cell] = min(minY[cell], Int32(y))
        maxX[cell] = max(maxX[cell], Int32(x))
        maxY[cell] = max(maxY[cell], Int32(y))
        counts[cell] += 1
    }

    /// The regions, ordered top to bottom, then left to right.
    func regions() -> [DiffRegion] {
        var visited = [Bool](repeating: false, count: counts.count)
        var result: [DiffRegion] = []
        for start in 0..<counts.count where counts[start] > 0 && !visited[start] {
            var stack = [start]
            visited[start] = true
            var region = (x0: Int32.max, y0: Int32.max, x1: Int32(-1), y1: Int32(-1), n: 0)
            while let cell = stack.popLast() {
                region.x0 = min(region.x0, minX[cell]); region.y0 = min(region.y0, minY[cell])
                region.x1 = max(region.x1, maxX[cell]); region.y1 = max(region.y1, maxY[cell])
                region.n += Int(counts[cell])
                let row = cell / columns, column = cell % columns
                for dy in -1...1 {
                    for dx in -1...1 {
                        let r = row + dy, c = column + dx
                        guard r >= 0, r < rows, c >= 0, c < columns else { continue }
                        let neighbour = r * columns + c
                        if counts[neighbour] > 0 && !visited[neighbour] {
                            visited[neighbour] = true
                            stack.append(neighbour)
                        }
                    }
                }
            }
            result.append(DiffRegion(x: Int(region.x0), y: Int(region.y0),
                                     width: Int(region.x1 - region.x0) + 1,
                                     height: Int(region.y1 - region.y0) + 1, pixels: region.n))
        }
        return result.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}
