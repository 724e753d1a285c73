@testable import Golden
import Testing

/// The line diff and the words of a trace comparison, on small hand-made traces.
@Suite struct TraceComparisonTests {
    func apply(_ edits: [LineDiff.Edit], _ a: [String], _ b: [String]) -> [String] {
        edits.compactMap { edit in
            switch edit {
            case .keep(let i, let j): precondition(a[i] == b[j]); return a[i]
            case .insert(let j): return b[j]
            case .delete: return nil
            }
        }
    }

    @Test func theEditScriptIsShortAndRebuildsTheNewList() {
        let cases: [([String], [String], Int)] = [
            (["a", "b", "c"], ["a", "b", "c"], 0),
            (["a", "b", "c"], ["a", "c"], 1),
            (["a", "b", "c"], ["a", "x", "c"], 2),
            (["a", "b", "c", "d", "e"], ["b", "c", "d", "e", "f"], 2),
            ([], ["a"], 1),
            (["a"], [], 1),
            (["q", "x"], ["x", "y"], 2),
        ]
        for (a, b, changes) in cases {
            let edits = LineDiff.edits(a, b)
            #expect(apply(edits, a, b) == b, "\(a) → \(b): \(edits)")
            #expect(edits.filter { if case .keep = $0 { return false } else { return true } }.count == changes, "\(a) → \(b): \(edits)")
        }
    }

    let spawn = #"{"t":3.2,"frame":96,"event":"spawn","character":"rosie-1","kind":"rosie","x":600,"y":690,"scale":1,"cause":"tap"}"#
    let tap = #"{"t":3.2,"frame":96,"event":"gesture","gesture":"tap","x":600,"y":690,"source":"timeline"}"#
    let refused = #"{"t":3.2,"frame":96,"event":"refused","input":"tap","reason":"too_close","nearest":"luna","distance":44.7214,"min_distance":110}"#

    @Test func aRefusedSpawnIsSaidInWords() {
        let differences = TraceComparison.compare(golden: [tap, spawn], actual: [tap, refused])
        #expect(differences.map(\.words) == ["t=3.20 spawn rosie-1: now refused too_close"])
        #expect(differences.first?.golden?.number == 2 && differences.first?.actual?.number == 2)
    }

    @Test func aMovedEventIsLaterWithinToleranceItIsTheSame() {
        let late = spawn.replacingOccurrences(of: #""t":3.2,"frame":96"#, with: #""t":3.25,"frame":98"#)
        #expect(TraceComparison.compare(golden: [tap, spawn], actual: [tap, late]).map(\.words)
                == ["t=3.20 spawn rosie-1: now at t=3.25, 0.05 s later"])
        #expect(TraceComparison.compare(golden: [tap, spawn], actual: [tap, late], timeTolerance: 0.05).isEmpty)
    }

    @Test func missingAndNewEventsAreNamed() {
        let haptic = #"{"t":4,"frame":120,"event":"haptic","character":"luna","kind":"heavy"}"#
        let differences = TraceComparison.compare(golden: [tap, spawn], actual: [spawn, haptic])
        #expect(differences.map(\.words) == ["t=3.20 gesture tap: no longer happens", "t=4.00 haptic heavy luna: new"])
    }

    /// Events that all came 1.8 s earlier are each said to have moved 1.8 s, not the first paired
    /// with the nearest (the second's) and the second called gone.
    @Test func eventsThatAllMovedArePairedInOrder() {
        func sound(_ t: Double) -> String { #"{"t":\#(t),"frame":\#(Int(t * 60)),"event":"sound","sound":"tap"}"# }
        let differences = TraceComparison.compare(golden: [sound(11.3), sound(14.3)], actual: [sound(9.5), sound(12.5)])
        #expect(differences.map(\.words) == ["t=11.30 sound tap: now at t=9.50, 1.8 s earlier", "t=14.30 sound tap: now at t=12.50, 1.8 s earlier"])
        #expect(TraceComparison.orderedPairs([1, 2, 3], [2.1, 3.1], window: 2).map { [$0.0, $0.1] } == [[1, 0], [2, 1]])
        #expect(TraceComparison.orderedPairs([1], [5], window: 2).isEmpty)
    }
}
