import Catalogue
import Foundation
import GameKit
import Golden
import TestSupport
import Testing
import Trace

/// The golden manifest's Glitch Squad rules, kept by mission 01's real trace and broken, one by
/// one, by the trace a regression would write: a skipped phase, a missed tick, an acquisition
/// at 0.8, a capture a step early, a banana captured, no heavy haptic on ACCEPT, a battery or
/// a reward of the wrong size, no final save, a line not heard.
@Suite struct GlitchSquadRuleTests {
    /// The rules mission 01 keeps (`glitch-squad/mission-01`: Golden/manifest.yaml's, then its own in Golden/glitch-squad/).
    static func rules() throws -> [SceneRule] {
        let manifest = try GoldenManifestReader.read(folder: RepositoryRoot.path + "/Golden", games: Catalogue.games)
        let scene = try #require(manifest.scenes.first { $0.name == "glitch-squad/mission-01" })
        return manifest.rules(of: scene)
    }

    /// Mission 01's whole trace.
    static func trace() throws -> [TraceEvent] {
        let opened = try Catalogue.games.open(path: RepositoryRoot.path + "/Scenes/glitch-squad/mission-01.yaml")
        let run = try opened.makeRun(RunOptions())
        var trace = run.drainTrace()
        run.advance(toFrame: run.frameCount - 1)
        trace += run.drainTrace()
        return trace
    }

    /// The names of the rules `trace` breaks.
    static func broken(_ trace: [TraceEvent]) throws -> [String] {
        let checker = RuleChecker(events: trace, settings: ["sound": "true", "haptics": "true", "reduce_motion": "false", "high_contrast": "false"],
                                  endTime: 28)
        return try rules().filter { !checker.violations(of: $0).isEmpty }.map(\.name)
    }

    /// `event` with `field` set to `value` (written as the trace writes it).
    static func with(_ event: TraceEvent, _ field: String, _ value: TraceValue) -> TraceEvent {
        var changed = event
        changed.fields = event.fields.map { $0.name == field ? TraceField(field, value) : $0 }
        return changed
    }

    /// The trace with the first event matching `where` changed by `change` (nil drops it).
    static func altered(_ trace: [TraceEvent], where matches: (TraceEvent) -> Bool, _ change: (TraceEvent) -> TraceEvent?) -> [TraceEvent] {
        guard let index = trace.firstIndex(where: matches) else { return trace }
        var copy = trace
        if let changed = change(copy[index]) { copy[index] = changed } else { copy.remove(at: index) }
        return copy
    }

    @Test func theRealTraceKeepsEveryRule() throws {
        #expect(try Self.broken(try Self.trace()) == [])
    }

    @Test(arguments: [
        ("glitch-base-goes-to-briefing", "phase to briefing becomes to hunt"),
        ("glitch-one-tick-a-second", "a tick 2 s after the one before"),
        ("glitch-ticks-until-the-hunt-ends", "a tick dropped"),
        ("glitch-acquired-strictly-over-80", "acquired at 0.8"),
        ("glitch-capture-after-90-steps", "captured after 89 steps"),
        ("glitch-never-captures-another-fruit", "a capture of another fruit"),
        ("glitch-accept-is-heavy", "no heavy haptic"),
        ("glitch-battery-to-30-after-mission-01", "battery to 31"),
        ("glitch-reward-is-50-coins", "40 coins"),
        ("glitch-final-save", "no save"),
        ("glitch-every-hold-ends", "a reset dropped"),
        ("glitch-pixel-is-heard", "a line's sound dropped"),
    ])
    func aRegressionBreaksItsRule(rule: String, regression: String) throws {
        let trace = try Self.trace()
        let changed: [TraceEvent]
        switch regression {
        case "phase to briefing becomes to hunt":
            changed = Self.altered(trace, where: { $0.event == "phase" && $0.text("to") == "briefing" }) { Self.with($0, "to", .text("hunt")) }
        case "a tick 2 s after the one before":
            changed = Self.altered(trace, where: { $0.event == "tick" && $0["remaining"] == .integer(55) }) { Self.with($0, "interval", .number(2)) }
        case "a tick dropped":
            changed = Self.altered(trace, where: { $0.event == "tick" && $0["remaining"] == .integer(55) }) { _ in nil }
        case "acquired at 0.8":
            changed = Self.altered(trace, where: { $0.event == "acquired" }) { Self.with($0, "confidence", .number(0.8)) }
        case "captured after 89 steps":
            changed = Self.altered(trace, where: { $0.event == "capture" }) { Self.with($0, "held_steps", .integer(89)) }
        case "a capture of another fruit":
            changed = Self.altered(trace, where: { $0.event == "capture" }) { Self.with(Self.with($0, "label", .text("banana")), "target", .flag(false)) }
        case "no heavy haptic":
            changed = Self.altered(trace, where: { $0.event == "haptic" && $0.text("kind") == "heavy" }) { _ in nil }
        case "battery to 31":
            changed = Self.altered(trace, where: { $0.event == "battery" }) { Self.with($0, "to", .integer(31)) }
        case "40 coins":
            changed = Self.altered(trace, where: { $0.event == "reward" }) { Self.with($0, "coins", .integer(40)) }
        case "no save":
            changed = Self.altered(trace, where: { $0.event == "save" }) { _ in nil }
        case "a reset dropped":
            changed = Self.altered(trace, where: { $0.event == "hold_reset" }) { _ in nil }
        default:
            changed = Self.altered(trace, where: { $0.event == "sound" && $0.text("sound") == "speech_hook" }) { _ in nil }
        }
        #expect(changed != trace)
        let broken = try Self.broken(changed)
        #expect(broken.contains(rule), "\(regression) broke \(broken)")
    }
}
