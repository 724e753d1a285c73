import Trace

/// Compares a run's trace with its golden, line by line, and says what differs as a person
/// would: an event that moved (`now at t=2.20, 0.20 s later`), changed (`kind heavy → medium`),
/// was replaced (`now refused too_close`), went missing, or is new. Times within
/// `timeTolerance` count as the same.
public enum TraceComparison {
    /// The differences between `golden` and `actual` trace lines, in time order.
    public static func compare(golden: [String], actual: [String], timeTolerance: Double = 0) -> [TraceDifference] {
        if golden == actual { return [] }
        let goldenEvents = golden.map(TraceLineParser.parse)
        let actualEvents = actual.map(TraceLineParser.parse)
        var deleted: [Int] = [], inserted: [Int] = []
        for edit in LineDiff.edits(golden, actual) {
            switch edit {
            case .keep: break
            case .delete(let index): deleted.append(index)
            case .insert(let index): inserted.append(index)
            }
        }
        var used = Set<Int>()
        var differences: [TraceDifference] = []
        let slack = timeTolerance + 1e-9
        func line(_ lines: [String], _ index: Int) -> NumberedLine { NumberedLine(number: index + 1, text: lines[index]) }
        func pair(_ wanted: (TraceEvent, TraceEvent) -> Bool, cost: (TraceEvent, TraceEvent) -> Double,
                  _ describe: (Int, Int, TraceEvent, TraceEvent) -> TraceDifference?) {
            var remaining: [Int] = []
            for g in deleted {
                guard let goldenEvent = goldenEvents[g] else { remaining.append(g); continue }
                var best: (index: Int, cost: Double)?
                for a in inserted where !used.contains(a) {
                    guard let actualEvent = actualEvents[a], wanted(goldenEvent, actualEvent) else { continue }
                    let c = cost(goldenEvent, actualEvent)
                    if best == nil || c < best!.cost { best = (a, c) }
                }
                guard let best else { remaining.append(g); continue }
                used.insert(best.index)
                if let difference = describe(g, best.index, goldenEvent, actualEvents[best.index]!) { differences.append(difference) }
            }
            deleted = remaining
        }
        // The same event at another time: each kind of line paired in order, at the least total shift.
        var keys: [String] = [], lists: [String: (golden: [Int], actual: [Int])] = [:]
        for g in deleted { if let event = goldenEvents[g] { let k = key(event); if lists[k] == nil { keys.append(k) }; lists[k, default: ([], [])].golden.append(g) } }
        for a in inserted { if let event = actualEvents[a] { lists[key(event)]?.actual.append(a) } }
        var paired = Set<Int>()
        for k in keys {
            guard let list = lists[k], !list.actual.isEmpty else { continue }
            for (g, a) in orderedPairs(list.golden.map { goldenEvents[$0]!.t }, list.actual.map { actualEvents[$0]!.t }, window: 2) {
                let (gi, ai) = (list.golden[g], list.actual[a])
                used.insert(ai)
                paired.insert(gi)
                let old = goldenEvents[gi]!, new = actualEvents[ai]!, shift = new.t - old.t
                if abs(shift) <= slack {
                    guard old.frame != new.frame, timeTolerance == 0 else { continue }
                    differences.append(TraceDifference(kind: .changed, time: old.t, words: "\(at(old)): frame \(old.frame) → \(new.frame)",
                                                       golden: line(golden, gi), actual: line(actual, ai)))
                    continue
                }
                let words = "\(at(old)): now at t=\(TraceEventLabel.time(new.t)), \(TraceValue.number(abs(shift)).json) s \(shift > 0 ? "later" : "earlier")"
                differences.append(TraceDifference(kind: .moved, time: old.t, words: words, golden: line(golden, gi), actual: line(actual, ai)))
            }
        }
        deleted.removeAll { paired.contains($0) }
        // The same event, other values.
        pair({ $0.event == $1.event && $0.character == $1.character && abs($0.t - $1.t) <= slack },
             cost: { abs($0.t - $1.t) }) { g, a, old, new in
            TraceDifference(kind: .changed, time: old.t, words: "\(at(old)): " + fieldChanges(old, new),
                            golden: line(golden, g), actual: line(actual, a))
        }
        // Another event in its place.
        pair({ abs($0.t - $1.t) <= slack && ($0.character == nil || $1.character == nil || $0.character == $1.character) },
             cost: { abs($0.t - $1.t) }) { g, a, old, new in
            TraceDifference(kind: .replaced, time: old.t, words: "\(at(old)): now \(TraceEventLabel.label(of: new))",
                            golden: line(golden, g), actual: line(actual, a))
        }
        for g in deleted {
            let event = goldenEvents[g]
            let words = event.map { "\(at($0)): no longer happens" } ?? "golden line \(g + 1): no longer in the trace"
            differences.append(TraceDifference(kind: .missing, time: event?.t ?? 0, words: words, golden: line(golden, g), actual: nil))
        }
        for a in inserted where !used.contains(a) {
            let event = actualEvents[a]
            let words = event.map { "\(at($0)): new" } ?? "line \(a + 1): new"
            differences.append(TraceDifference(kind: .added, time: event?.t ?? 0, words: words, golden: nil, actual: line(actual, a)))
        }
        return differences.enumerated().sorted { x, y in
            x.element.time != y.element.time ? x.element.time < y.element.time : x.offset < y.offset
        }.map(\.element)
    }

    /// Pairs of indices into `golden` and `actual` (times, ascending) that keep their order and
    /// are at most `window` apart, at the least total shift, a line left alone costing `window`:
    /// a run whose taps all came 1.8 s earlier pairs each tap with its own, not the nearest
    /// with the next one's. Nearest first, in order, when the lists are too long to weigh.
    static func orderedPairs(_ golden: [Double], _ actual: [Double], window: Double) -> [(Int, Int)] {
        let n = golden.count, m = actual.count
        guard n * m <= 4_000_000 else {
            var pairs: [(Int, Int)] = [], next = 0
            for (g, t) in golden.enumerated() {
                guard let a = (next..<m).first(where: { abs(actual[$0] - t) <= window }) else { continue }
                pairs.append((g, a))
                next = a + 1
            }
            return pairs
        }
        // cost[i][j]: the least cost of the first i golden lines against the first j of the run.
        var cost = [[Double]](repeating: [Double](repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { for j in 0...m {
            guard i > 0 || j > 0 else { continue }
            var best = Double.infinity
            if i > 0 { best = min(best, cost[i - 1][j] + window) }
            if j > 0 { best = min(best, cost[i][j - 1] + window) }
            if i > 0, j > 0, abs(golden[i - 1] - actual[j - 1]) <= window {
                best = min(best, cost[i - 1][j - 1] + abs(golden[i - 1] - actual[j - 1]))
            }
            cost[i][j] = best
        } }
        var pairs: [(Int, Int)] = [], i = n, j = m
        while i > 0 || j > 0 {
            if i > 0, j > 0, abs(golden[i - 1] - actual[j - 1]) <= window,
               cost[i][j] == cost[i - 1][j - 1] + abs(golden[i - 1] - actual[j - 1]) {
                pairs.append((i - 1, j - 1)); i -= 1; j -= 1
            } else if i > 0, cost[i][j] == cost[i - 1][j] + window {
                i -= 1
            } else {
                j -= 1
            }
        }
        return pairs.reversed()
    }

    /// An event without its time: what must be equal for two lines to be the same event.
    private static func key(_ event: TraceEvent) -> String {
        var moved = event
        moved.t = 0
        moved.frame = 0
        return moved.jsonLine
    }

    private static func at(_ event: TraceEvent) -> String {
        "t=\(TraceEventLabel.time(event.t)) \(TraceEventLabel.label(of: event))"
    }

    /// `kind heavy → medium, x 230 → 240`.
    private static func fieldChanges(_ old: TraceEvent, _ new: TraceEvent) -> String {
        var parts: [String] = []
        for field in old.fields {
            if let value = new[field.name] {
                if value.json != field.value.json { parts.append("\(field.name) \(field.value.plain) → \(value.plain)") }
            } else {
                parts.append("no \(field.name) now (was \(field.value.plain))")
            }
        }
        for field in new.fields where old[field.name] == nil { parts.append("\(field.name) \(field.value.plain) (new)") }
        if old.frame != new.frame && old.t == new.t { parts.append("frame \(old.frame) → \(new.frame)") }
        if old.t != new.t { parts.append("at t=\(TraceEventLabel.time(new.t))") }
        return parts.isEmpty ? "differs" : parts.joined(separator: ", ")
    }
}
