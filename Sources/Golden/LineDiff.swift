/// The shortest edit script between two lists of lines (Myers' O(ND) algorithm): which lines
/// of `a` are gone and which of `b` are new, the rest kept in order. Cheap when the lists
/// differ in a few places, as two traces of one scene do.
enum LineDiff {
    enum Edit: Equatable {
        case keep(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    /// The edits turning `a` into `b`; past `maxEdits` differences, a rough script (the common
    /// start and end kept, everything between replaced), which still says where they part.
    static func edits(_ a: [String], _ b: [String], maxEdits: Int = 1_000) -> [Edit] {
        var ids: [String: Int] = [:]
        func id(_ line: String) -> Int {
            if let known = ids[line] { return known }
            ids[line] = ids.count
            return ids.count - 1
        }
        let x = a.map(id)
        let y = b.map(id)
        return myers(x, y, maxEdits: maxEdits) ?? rough(x, y)
    }

    private static func myers(_ a: [Int], _ b: [Int], maxEdits: Int) -> [Edit]? {
        let n = a.count, m = b.count
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var history: [[Int]] = []
        for d in 0...limit {
            history.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { return backtrack(history, d: d, n: n, m: m) }
            }
        }
        return nil
    }

    /// Walks the saved frontiers back from the end; `history[d]` holds v[-d-1 … d+1] before step d.
    private static func backtrack(_ history: [[Int]], d finalD: Int, n: Int, m: Int) -> [Edit] {
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: finalD, through: 1, by: -1) {
            let v = history[d]
            func at(_ k: Int) -> Int { v[k + d + 1] }
            let k = x - y
            let down = k == -d || (k != d && at(k - 1) < at(k + 1))
            let previousK = down ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            // The one edit of step d, then the diagonal run that followed it.
            let middleX = down ? previousX : previousX + 1
            let middleY = middleX - k
            while x > middleX && y > middleY {
                x -= 1; y -= 1
                edits.append(.keep(x, y))
            }
            edits.append(down ? .insert(previousY) : .delete(previousX))
            x = previousX
            y = previousY
        }
        while x > 0 && y > 0 {
            x -= 1; y -= 1
            edits.append(.keep(x, y))
        }
        return edits.reversed()
    }

    private static func rough(_ a: [Int], _ b: [Int]) -> [Edit] {
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        var end = 0
        while end < a.count - start, end < b.count - start, a[a.count - 1 - end] == b[b.count - 1 - end] { end += 1 }
        var edits = (0..<start).map { Edit.keep($0, $0) }
        edits += (start..<(a.count - end)).map(Edit.delete)
        edits += (start..<(b.count - end)).map(Edit.insert)
        edits += (0..<end).map { Edit.keep(a.count - end + $0, b.count - end + $0) }
        return edits
    }
}
