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
        // The same event at another time.
        pair({ key($0) == key($1) && abs($0.t - $1.t) <= 2 }, cost: { abs($0.t - $1.t) }) { g, a, old, new in
            let shift = new.t - old.t
            if abs(shift) <= slack {
                guard old.frame != new.frame, timeTolerance == 0 else { return nil }
                return TraceDifference(kind: .changed, time: old.t, words: "\(at(old)): frame \(old.frame) → \(new.frame)",
                                       golden: line(golden, g), actual: line(actual, a))
            }
            let words = "\(at(old)): now at t=\(TraceEventLabel.time(new.t)), \(TraceValue.number(abs(shift)).json) s \(shift > 0 ? "later" : "earlier")"
            return TraceDifference(kind: .moved, time: old.t, words: words, golden: line(golden, g), actual: line(actual, a))
        }
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
