import Foundation
@testable import FindItGame
import TestSupport
import Testing
import Trace

/// FindIt's trace rules, as the golden manifest writes them, kept by the hunt's
/// real trace and each broken by a trace altered the way a regression would alter it.
@Suite struct FindItRuleTests {
    /// The rules of the hunt's golden scene (`findit/hunt`, in Golden/findit/manifest.yaml).
    static func huntRules() throws -> [SceneRule] {
        let manifest = try String(contentsOf: RepositoryRoot.url.appendingPathComponent("Golden/findit/manifest.yaml"), encoding: .utf8)
        let lines = manifest.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "  - name: hunt"))
        let rulesStart = try #require(lines[start...].firstIndex(of: "    rules:"))
        let body = lines[(rulesStart + 1)...].prefix { $0.hasPrefix("      ") }.map { String($0.dropFirst(6)) }
        return try SceneRuleReader.parse(body.joined(separator: "\n"), file: "manifest.yaml", vocabulary: FindItGameModule.words)
    }

    static func violated(_ trace: [TraceEvent], rules: [SceneRule]) -> [String] {
        let checker = RuleChecker(events: trace, settings: ["haptics": "true", "reduce_motion": "false", "sound": "true"], endTime: 20)
        return rules.filter { !checker.violations(of: $0).isEmpty }.map(\.name)
    }

    static func replacing(_ trace: [TraceEvent], at index: Int, _ change: (inout [TraceField]) -> Void) -> [TraceEvent] {
        var copy = trace
        var fields = copy[index].fields
        change(&fields)
        copy[index] = TraceEvent(t: copy[index].t, frame: copy[index].frame, event: copy[index].event, character: copy[index].character, fields: fields)
        return copy
    }

    @Test func theHuntKeepsEveryRuleAndEachAlterationBreaksItsOwn() throws {
        let rules = try Self.huntRules()
        #expect(rules.count == 11)
        let trace = try FindItFixtures.run(try FindItFixtures.scene("hunt"), to: 599).trace
        #expect(Self.violated(trace, rules: rules).isEmpty)

        let sample = try #require(trace.firstIndex { $0.event == "sample" && $0.t > 7 })
        // A confidence off by a ten-thousandth more than rounding allows.
        let skewed = Self.replacing(trace, at: sample) { fields in
            let index = fields.firstIndex { $0.name == "confidence" }!
            fields[index] = TraceField("confidence", .number((fields[index].value.numeric ?? 0) + 0.0002))
        }
        #expect(Self.violated(skewed, rules: rules) == ["findit-confidence-is-weighted"])
        // A sample missed: the next is 0.2 s after the one before.
        var gap = trace
        gap.remove(at: sample)
        #expect(Self.violated(gap, rules: rules) == ["findit-samples-at-10-hz"])
        // The same band written twice.
        let band = try #require(trace.firstIndex { $0.event == "band" })
        var twice = trace
        twice.insert(trace[band], at: band + 1)
        #expect(Self.violated(twice, rules: rules).contains("findit-band-only-on-change"))
        // Entering warm without its light haptic; a heavy haptic at no hot band (a cold one).
        let light = try #require(trace.firstIndex { $0.event == "haptic" && $0.text("kind") == "light" })
        var silent = trace
        silent.remove(at: light)
        #expect(Self.violated(silent, rules: rules) == ["findit-warm-is-light"])
        var cold = trace
        cold.insert(TraceEvent(t: 5, frame: 150, event: "haptic", character: "keys", fields: [TraceField("kind", .text("heavy"))]), at: sample - 10)
        #expect(Self.violated(cold, rules: rules) == ["findit-strong-only-entering-hot"])
        // A second success; a success after a dip only half a second ago.
        let success = try #require(trace.firstIndex { $0.event == "success" })
        var again = trace
        again.append(TraceEvent(t: 19.9, frame: 597, event: "success", character: "keys", fields: [TraceField("held", .number(1))]))
        #expect(Self.violated(again, rules: rules).contains("findit-one-success"))
        let early = try #require(trace.firstIndex { $0.event == "sample" && abs($0.t - (trace[success].t - 0.5)) < 0.01 })
        let dipped = Self.replacing(trace, at: early) { fields in
            fields = [TraceField("fp", .number(0.5)), TraceField("ml", .number(0.5)), TraceField("confidence", .number(0.5))]
        }
        #expect(Self.violated(dipped, rules: rules) == ["findit-success-after-a-held-second"])
        // A haptic while haptics are off.
        let checker = RuleChecker(events: trace, settings: ["haptics": "false", "reduce_motion": "false"], endTime: 20)
        #expect(!checker.violations(of: try #require(rules.first { $0.name == "findit-no-haptics-when-off" })).isEmpty)
    }
}
