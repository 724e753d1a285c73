import Effects

/// Keeps a crowd of sparkles apart on the frame: a star drawn close to stars drawn before
/// it is dimmed by how much of it they already cover, so a pile shows a few stars with room
/// between them, not glows summed into one patch of colour. The dimming changes smoothly
/// with the stars' places and their opacity (a star that fades frees its place as it
/// fades), so nothing pops from one frame to the next; the earlier star wins, and
/// particles come in birth order, so the older stars of a pile stay and the newborn ones
/// show as they leave it.
struct StarSpacing {
    /// Centres closer than this share of the two stars' radii hide the later star…
    static let hidden = 0.35
    /// …and from this share on it is drawn in full (their arms just overlap).
    static let apart = 0.8

    private struct Placed { let x: Double; let y: Double; let size: Double; let alpha: Double }
    private let cell: Double
    private var cells: [Cell: [Placed]] = [:]
    private struct Cell: Hashable { let column: Int; let row: Int }

    /// Spacing for stars of at most `largestSize` pixels.
    init(largestSize: Double) {
        cell = max(2 * Self.apart * largestSize, 4)
    }

    /// The share of its opacity a star at (`x`, `y`) of radius `size` keeps among the stars
    /// placed so far.
    func room(x: Double, y: Double, size: Double) -> Double {
        let column = Int((x / cell).rounded(.down)), row = Int((y / cell).rounded(.down))
        var covered = 0.0
        // Neighbouring cells in a fixed order, each in the order its stars were placed: the
        // sum, and so the pixels, do not depend on the dictionary's order.
        for dy in -1...1 {
            for dx in -1...1 {
                guard let placed = cells[Cell(column: column + dx, row: row + dy)] else { continue }
                for other in placed {
                    let reach = size + other.size
                    let distance = ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
                    let nearness = 1 - smoothstep((distance / reach - Self.hidden) / (Self.apart - Self.hidden))
                    covered += nearness * other.alpha
                }
            }
        }
        return max(0, 1 - covered)
    }

    /// Records a star drawn at (`x`, `y`) with radius `size` and opacity `alpha`.
    mutating func place(x: Double, y: Double, size: Double, alpha: Double) {
        guard alpha > 0 else { return }
        let key = Cell(column: Int((x / cell).rounded(.down)), row: Int((y / cell).rounded(.down)))
        cells[key, default: []].append(Placed(x: x, y: y, size: size, alpha: alpha))
    }
}

/// 0 below 0, 1 above 1, and a smooth S between.
func smoothstep(_ t: Double) -> Double {
    let u = min(max(t, 0), 1)
    return u * u * (3 - 2 * u)
}
