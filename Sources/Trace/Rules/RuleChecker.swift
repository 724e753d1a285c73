import Foundation

/// Checks rules against a run's trace: the events in order, the settings the run started
/// with (the trace's `settings` events change them) and when the run ended (an obligation
/// still open at the end is excused when its deadline lies past it).
public struct RuleChecker {
    /// The trace, in order.
    public let events: [TraceEvent]
    /// The settings at the start, by the trace's names and as it writes their values.
    public let settings: [String: String]
    /// The run's last time, in seconds.
    public let endTime: Double

    private static let epsilon = 1e-6

    /// Each event's line in the whole trace: a peer's part of a session's trace keeps the
    /// lines of the trace it came from.
    private let lineNumbers: [Int]
    /// The peer whose part of a session's trace this is; nil for a whole trace.
    private let peer: String?

    /// A checker of `events`.
    public init(events: [TraceEvent], settings: [String: String], endTime: Double) {
        self.init(events: events, lineNumbers: Array(events.indices.map { $0 + 1 }), peer: nil, settings: settings, endTime: endTime)
    }

    private init(events: [TraceEvent], lineNumbers: [Int], peer: String?, settings: [String: String], endTime: Double) {
        self.events = events
        self.lineNumbers = lineNumbers
        self.peer = peer
        self.settings = settings
        self.endTime = endTime
    }

    /// Every way `rule` is broken, in trace order. In a shared session's trace each peer's
    /// world keeps the rules on its own (a princess another peer spawned is on both screens,
    /// so counting both would break `max_characters` twice as early); each broken rule then
    /// names the peer.
    public func violations(of rule: SceneRule) -> [RuleViolation] {
        guard peer == nil else { return violationsOfOneWorld(rule) }
        var peers: [String] = []
        for case let name? in events.lazy.map(\.peer) where !peers.contains(name) { peers.append(name) }
        guard !peers.isEmpty else { return violationsOfOneWorld(rule) }
        return peers.flatMap { name in
            let indices = events.indices.filter { events[$0].peer == name }
            let part = RuleChecker(events: indices.map { events[$0] }, lineNumbers: indices.map { lineNumbers[$0] },
                                   peer: name, settings: settings, endTime: endTime)
            return part.violations(of: rule).map { violation in
                var named = violation
                named.message = "\(name): " + violation.message
                return named
            }
        }
    }

    private func violationsOfOneWorld(_ rule: SceneRule) -> [RuleViolation] {
        switch rule.kind {
        case let .follows(when, then, deadline, same, condition):
            return follows(rule, when, then, deadline, same, condition)
        case let .everyCharacter(when, then, within, condition, presence):
            return everyCharacter(rule, when, then, within, condition, presence)
        case let .never(pattern, condition):
            return never(rule, pattern, condition)
        case let .range(pattern, field, low, high):
            return range(rule, pattern, field, low, high)
        case let .maxCharacters(limit, presence):
            return maxCharacters(rule, limit, presence)
        case let .count(pattern, low, high):
            return count(rule, pattern, low, high)
        case let .weightedSum(pattern, field, terms, decimals):
            return weightedSum(rule, pattern, field, terms, decimals)
        case let .changesOnly(pattern, field, same):
            return changesOnly(rule, pattern, field, same)
        case let .spacing(pattern, seconds, restart):
            return spacing(rule, pattern, seconds, restart)
        case let .preceded(when, then, within, condition):
            return preceded(rule, when, then, within, condition)
        case let .heldOver(when, pattern, field, above, seconds):
            return heldOver(rule, when, pattern, field, above, seconds)
        }
    }

    private func count(_ rule: SceneRule, _ pattern: EventPattern, _ low: Int?, _ high: Int?) -> [RuleViolation] {
        let matching = events.indices.filter { pattern.matches(events[$0]) }
        if let low, matching.count < low {
            return [RuleViolation(rule: rule, message: "\(matching.count) \(pattern.description) in the run, fewer than \(low)",
                                  events: matching.map(line))]
        }
        if let high, matching.count > high {
            return [RuleViolation(rule: rule, message: "\(matching.count) \(pattern.description) in the run, more than \(high)",
                                  events: matching.dropFirst(high).map(line))]
        }
        return []
    }

    private func weightedSum(_ rule: SceneRule, _ pattern: EventPattern, _ field: String, _ terms: [SceneRule.WeightedTerm],
                             _ decimals: Int) -> [RuleViolation] {
        let scale = pow(10, Double(decimals))
        var found: [RuleViolation] = []
        for (index, event) in events.enumerated() where pattern.matches(event) {
            let values = terms.map { event[$0.field]?.numeric }
            guard let value = event[field]?.numeric, !values.contains(where: { $0 == nil }) else {
                found.append(RuleViolation(rule: rule, message: "\(at(index)): lacks \(([field] + terms.map(\.field)).joined(separator: " or "))",
                                           events: [line(index)]))
                continue
            }
            let sum = zip(terms, values).reduce(0.0) { $0 + $1.0.weight * $1.1! }
            let expected = (sum * scale).rounded() / scale
            if abs(value - expected) > 0.5 / scale + Self.epsilon {
                let formula = terms.map { "\(TraceValue.decimal($0.weight)) × \($0.field)" }.joined(separator: " + ")
                found.append(RuleViolation(rule: rule, message: "\(at(index)): \(field) \(TraceValue.decimal(value)) is not \(formula) = \(TraceValue.decimal(expected))",
                                           events: [line(index)]))
            }
        }
        return found
    }

    private func changesOnly(_ rule: SceneRule, _ pattern: EventPattern, _ field: String, _ same: [String]) -> [RuleViolation] {
        var last: [[String?]: (index: Int, value: String?)] = [:]
        var found: [RuleViolation] = []
        for (index, event) in events.enumerated() where pattern.matches(event) {
            let key = same.map { EventPattern.value($0, of: event) }
            let value = EventPattern.value(field, of: event)
            if let previous = last[key], previous.value == value {
                found.append(RuleViolation(rule: rule, message: "\(at(index)): \(field) is \(value ?? "missing") again, as at t=\(TraceEventLabel.time(events[previous.index].t))",
                                           events: [line(previous.index), line(index)]))
            }
            last[key] = (index, value)
        }
        return found
    }

    private func spacing(_ rule: SceneRule, _ pattern: EventPattern, _ seconds: Double, _ restart: EventPattern?) -> [RuleViolation] {
        var previous: Int?
        var found: [RuleViolation] = []
        for (index, event) in events.enumerated() {
            if let restart, restart.matches(event) { previous = nil }
            guard pattern.matches(event) else { continue }
            if let earlier = previous, abs(event.t - events[earlier].t - seconds) > 1e-4 {
                found.append(RuleViolation(rule: rule, message: "\(at(index)): \(TraceValue.decimal(event.t - events[earlier].t)) s after the one before, not \(TraceValue.decimal(seconds)) s",
                                           events: [line(earlier), line(index)]))
            }
            previous = index
        }
        return found
    }

    private func preceded(_ rule: SceneRule, _ when: EventPattern, _ then: EventPattern, _ within: Double,
                          _ condition: SettingsCondition?) -> [RuleViolation] {
        let states = condition == nil ? [] : settingsStates()
        var found: [RuleViolation] = []
        for (index, trigger) in events.enumerated() where when.matches(trigger) {
            if let condition, !condition.holds(in: states[index]) { continue }
            let earliest = trigger.t - within - Self.epsilon
            let answered = events[..<index].reversed().prefix { $0.t >= earliest }.contains { then.matches($0) }
            if !answered {
                found.append(RuleViolation(rule: rule, message: "\(at(index)): no \(then.description) at or before it within \(TraceValue.decimal(within)) s",
                                           events: [line(index)]))
            }
        }
        return found
    }

    private func heldOver(_ rule: SceneRule, _ when: EventPattern, _ pattern: EventPattern, _ field: String, _ above: Double,
                          _ seconds: Double) -> [RuleViolation] {
        var found: [RuleViolation] = []
        for (index, trigger) in events.enumerated() where when.matches(trigger) {
            // Back from the trigger over every matching event while the field stays over: the held stretch.
            var start: Double?
            var dip: Int?
            for earlier in events.indices[..<(index + 1)].reversed() where pattern.matches(events[earlier]) {
                guard let value = events[earlier][field]?.numeric, value > above else { dip = earlier; break }
                start = events[earlier].t
            }
            let held = start.map { trigger.t - $0 } ?? 0
            if held + Self.epsilon < seconds {
                let why = dip.map { "; at t=\(TraceEventLabel.time(events[$0].t)) \(field) was \(TraceValue.decimal(events[$0][field]?.numeric ?? .nan))" } ?? ""
                found.append(RuleViolation(rule: rule, message: "\(at(index)): \(field) was over \(TraceValue.decimal(above)) for only \(TraceValue.decimal(held)) s, not \(TraceValue.decimal(seconds)) s\(why)",
                                           events: [line(index)] + (dip.map { [line($0)] } ?? [])))
            }
        }
        return found
    }

    private func line(_ index: Int) -> (line: Int, text: String) { (lineNumbers[index], events[index].jsonLine) }

    package static func label(_ event: TraceEvent) -> String { TraceEventLabel.label(of: event) }

    private func at(_ index: Int) -> String {
        "t=" + TraceEventLabel.time(events[index].t) + " " + Self.label(events[index])
    }

    /// The settings in force at each event (after the event, when it is a `settings` event).
    private func settingsStates() -> [[String: String]] {
        var state = settings
        var states: [[String: String]] = []
        states.reserveCapacity(events.count)
        for event in events {
            if event.event == "settings" {
                for field in event.fields where field.name != "source" { state[field.name] = field.value.plain }
            }
            states.append(state)
        }
        return states
    }

    private func follows(_ rule: SceneRule, _ when: EventPattern, _ then: EventPattern, _ deadline: SceneRule.Deadline,
                         _ same: [String], _ condition: SettingsCondition?) -> [RuleViolation] {
        let states = condition == nil ? [] : settingsStates()
        var found: [RuleViolation] = []
        for (index, trigger) in events.enumerated() where when.matches(trigger) {
            if let condition, !condition.holds(in: states[index]) { continue }
            var limit = Double.infinity
            if let seconds = deadline.seconds { limit = seconds }
            if let field = deadline.field {
                guard let value = trigger[field]?.numeric else {
                    found.append(RuleViolation(rule: rule, message: "\(at(index)): has no number \(field) to wait for",
                                               events: [line(index)]))
                    continue
                }
                limit = value
            }
            limit += deadline.slack
            var start = trigger.t
            if let earlier = deadline.startedEarlierBy { start -= trigger[earlier]?.numeric ?? 0 }
            let last = start + limit + Self.epsilon
            let wanted = same.map { EventPattern.value($0, of: trigger) }
            var answer: Int?
            var late: Int?
            for next in events.indices.dropFirst(index + 1) {
                let candidate = events[next]
                guard then.matches(candidate),
                      zip(same, wanted).allSatisfy({ EventPattern.value($0.0, of: candidate) == $0.1 }) else { continue }
                if candidate.t <= last { answer = next } else { late = next }
                break
            }
            if answer != nil { continue }
            // The run ended before the deadline: nothing could have followed yet.
            if late == nil && last > endTime { continue }
            var message = "\(at(index)): no \(then.description)"
            if !same.isEmpty { message += " of the same \(same.joined(separator: " and "))" }
            message += " within \(deadline.description)"
            var lines = [line(index)]
            if let late {
                let waited = events[late].t - start
                message += "; the next came at t=\(TraceEventLabel.time(events[late].t)), \(TraceValue.decimal(waited)) s after"
                lines.append(line(late))
            }
            found.append(RuleViolation(rule: rule, message: message, events: lines))
        }
        return found
    }

    private func everyCharacter(_ rule: SceneRule, _ when: EventPattern, _ then: EventPattern, _ within: Double,
                                _ condition: SettingsCondition?, _ presence: CharacterPresence) -> [RuleViolation] {
        let states = condition == nil ? [] : settingsStates()
        var present: [String] = []
        var found: [RuleViolation] = []
        for (index, trigger) in events.enumerated() {
            if trigger.event == presence.appears, let character = trigger.character, !present.contains(character) { present.append(character) }
            if trigger.event == presence.leaves, let character = trigger.character { present.removeAll { $0 == character } }
            guard when.matches(trigger) else { continue }
            if let condition, !condition.holds(in: states[index]) { continue }
            let last = trigger.t + within + Self.epsilon
            var answered: Set<String> = []
            for next in events.indices.dropFirst(index + 1) {
                let candidate = events[next]
                if candidate.t > last { break }
                if then.matches(candidate), let character = candidate.character { answered.insert(character) }
            }
            let missing = present.filter { !answered.contains($0) }
            guard !missing.isEmpty, last <= endTime + Self.epsilon else { continue }
            found.append(RuleViolation(
                rule: rule,
                message: "\(at(index)): \(missing.joined(separator: ", ")) of the \(present.count) present had no \(then.description) "
                    + "within \(TraceValue.decimal(within)) s",
                events: [line(index)]))
        }
        return found
    }

    private func never(_ rule: SceneRule, _ pattern: EventPattern, _ condition: SettingsCondition?) -> [RuleViolation] {
        let states = condition == nil ? [] : settingsStates()
        var found: [RuleViolation] = []
        for (index, event) in events.enumerated() where pattern.matches(event) {
            if let condition, !condition.holds(in: states[index]) { continue }
            let why = condition.map { " while \($0.description)" } ?? ""
            found.append(RuleViolation(rule: rule, message: "\(at(index)): happened\(why)", events: [line(index)]))
        }
        return found
    }

    private func range(_ rule: SceneRule, _ pattern: EventPattern, _ field: String, _ low: Double?, _ high: Double?) -> [RuleViolation] {
        var found: [RuleViolation] = []
        for (index, event) in events.enumerated() where pattern.matches(event) {
            guard let value = event[field]?.numeric else {
                found.append(RuleViolation(rule: rule, message: "\(at(index)): has no number \(field)", events: [line(index)]))
                continue
            }
            if let low, value < low - Self.epsilon {
                found.append(RuleViolation(rule: rule, message: "\(at(index)): \(field) \(TraceValue.decimal(value)) is below \(TraceValue.decimal(low))",
                                           events: [line(index)]))
            } else if let high, value > high + Self.epsilon {
                found.append(RuleViolation(rule: rule, message: "\(at(index)): \(field) \(TraceValue.decimal(value)) is above \(TraceValue.decimal(high))",
                                           events: [line(index)]))
            }
        }
        return found
    }

    private func maxCharacters(_ rule: SceneRule, _ limit: Int, _ presence: CharacterPresence) -> [RuleViolation] {
        // A character that left may still be seen going (the princess game's fades for half a
        // second) but no longer counts: the scene lets another arrive at once, as the app does.
        var present: [String] = []
        var found: [RuleViolation] = []
        for (index, event) in events.enumerated() {
            if event.event == presence.leaves, let character = event.character { present.removeAll { $0 == character } }
            guard event.event == presence.appears, let character = event.character else { continue }
            present.append(character)
            if present.count > limit {
                found.append(RuleViolation(rule: rule, message: "\(at(index)): \(present.count) characters at once, more than \(limit)",
                                           events: [line(index)]))
            }
        }
        return found
    }
}
