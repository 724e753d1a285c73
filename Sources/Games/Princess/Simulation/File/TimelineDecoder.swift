import ECS
import Effects
import Scene

/// A timeline entry with where its parts were written, for the target checker's messages.
struct DecodedTimelineEntry {
    var entry: TimelineEntry
    /// Where the entry's `time` is written.
    var timePosition: SourcePosition
    /// Where the character id it names (target or new id) is written, if it names one.
    var idPosition: SourcePosition?
    /// Where its `peer:` is written, if it has one.
    var peerPosition: SourcePosition? = nil
}

/// Reads the `timeline` list: each entry has a `time` and exactly one input.
struct TimelineDecoder {
    /// The input keys, in documentation order.
    static let inputKeys = ["select", "tap", "drag", "pinch", "long_press", "double_tap", "two_finger_tap",
                            "action", "effect", "expression", "clap", "settings", "skins"] + UIInputDecoder.keys
    /// The effects a timeline may start (bursts belong to appearing and vanishing).
    static let timelineEffects: [EffectKind] = [.sparkles, .snow, .bubbles]

    let reader: ValueReader
    let duration: Double
    let settingsDecoder: (DocumentNode, String) -> SettingsChange
    /// The names of the moves the scene loaded, performed like the built-in actions.
    var moveNames: [String] = []

    func decode(_ node: DocumentNode) -> [DecodedTimelineEntry] {
        guard let items = reader.list(node, "timeline", expected: "entries ({time, and one input})") else { return [] }
        guard items.count <= SceneFileLimits.maxTimelineEntries else {
            reader.report(node.position, "the timeline has \(items.count) entries; a scene may have at most "
                          + "\(SceneFileLimits.maxTimelineEntries) (split it into several scenes)")
            return []
        }
        var entries: [DecodedTimelineEntry] = []
        for (index, item) in items.enumerated() {
            if let entry = decodeEntry(item, "timeline[\(index)]") { entries.append(entry) }
        }
        return entries
    }

    private func decodeEntry(_ node: DocumentNode, _ path: String) -> DecodedTimelineEntry? {
        guard let fields = reader.fields(node, path, allowed: ["time", "peer"] + Self.inputKeys) else { return nil }
        let timeNode = reader.requireKey(fields, "time", path, example: "'time: 1.5' (seconds from the start)")
        let time = timeNode.flatMap { reader.sceneTime($0, "\(path).time", duration: duration) }
        let inputs = fields.pairs.filter { $0.key != "time" && $0.key != "peer" }
        guard let input = inputs.first else {
            reader.report(node.position, "\(path) has no input; expected one of: \(Self.inputKeys.joined(separator: ", "))")
            return nil
        }
        if inputs.count > 1 {
            reader.report(inputs[1].keyPosition, "\(path) has both \(SceneFileLimits.quoted(input.key)) and \(SceneFileLimits.quoted(inputs[1].key)); put each input in its own entry")
            return nil
        }
        let inputPath = "\(path).\(input.key)"
        guard let (decoded, idPosition) = decodeInput(input.key, input.value, inputPath, time: time ?? 0),
              let time, let timeNode else { return nil }
        var entry = DecodedTimelineEntry(entry: TimelineEntry(time: time, input: decoded, line: timeNode.position.line),
                                         timePosition: timeNode.position, idPosition: idPosition)
        entry.entry.column = timeNode.position.column
        if let peerNode = fields["peer"] {
            entry.entry.peer = reader.text(peerNode, "\(path).peer", expected: "the name of a session peer")
            entry.peerPosition = peerNode.position
        }
        return entry
    }

    private func decodeInput(_ key: String, _ node: DocumentNode, _ path: String, time: Double) -> (SceneInput, SourcePosition?)? {
        switch key {
        case "skins":
            // A change of look, not an input: the scene decoder reads it (SceneFileDecoder.skinChanges).
            return nil
        case "select":
            return reader.choice(node, path, among: CharacterKind.allCases, what: "character kind").map { (.select($0), nil) }
        case "clap":
            if node.isNull { return (.clap, nil) }
            guard reader.fields(node, path, allowed: []) != nil else { return nil }
            return (.clap, nil)
        case "settings":
            let change = settingsDecoder(node, path)
            if change == SettingsChange() {
                if case .mapping(let pairs) = node.value, pairs.isEmpty {
                    reader.report(node.position, "\(path) changes nothing; give at least one of: \(SceneFileDecoder.settingsKeys.joined(separator: ", "))")
                }
                return nil
            }
            return (.settings(change), nil)
        case _ where UIInputDecoder.keys.contains(key):
            return UIInputDecoder(reader: reader, moveNames: moveNames).decode(key, node, path).map { (.ui($0), nil) }
        default:
            guard let fields = reader.fields(node, path, allowed: Self.allowedKeys(key)) else { return nil }
            return decodeGesture(key, fields, path, time: time)
        }
    }

    /// An effect's `density` (any kind) and `fall_speed` (snow's), multiples of its own numbers;
    /// nil after reporting a bad one.
    private func effectAmount(_ fields: ValueReader.Fields, _ path: String, kind: EffectKind) -> EffectAmount? {
        var amount = EffectAmount.standard
        var valid = true
        if let node = fields["density"] {
            if let density = reader.number(node, "\(path).density", in: EffectAmount.range) { amount.density = Float(density) } else { valid = false }
        }
        if let node = fields["fall_speed"] {
            if kind != .snow {
                reader.report(node.position, "\(path).fall_speed is snow's (how fast its flakes fall); \(kind.rawValue) has none")
                valid = false
            } else if let speed = reader.number(node, "\(path).fall_speed", in: EffectAmount.range) {
                amount.speed = Float(speed)
            } else {
                valid = false
            }
        }
        return valid ? amount : nil
    }

    /// An effect entry's end from `until` (seconds in the scene) or `visible` (seconds after
    /// `time`), and `fade`; `.some(nil)` when it gives none, nil when one of them is wrong.
    private func effectEnd(_ fields: ValueReader.Fields, _ path: String, time: Double) -> (end: EffectEnd?, Void)? {
        var visible: Double?
        var problem = false
        switch (fields["until"], fields["visible"]) {
        case (let until?, nil):
            guard let seconds = reader.number(until, "\(path).until", in: 0...86_400, unit: "seconds") else { return nil }
            if seconds - time < 0.1 {
                reader.report(until.position, "\(path).until (\(seconds) s) must be at least 0.1 s after the entry's time (\(time) s)")
                return nil
            }
            visible = seconds - time
        case (nil, let node?):
            guard let seconds = reader.number(node, "\(path).visible", in: 0.1...600, unit: "seconds") else { return nil }
            visible = seconds
        case (_?, let node?):
            reader.report(node.position, "\(path) has both 'until' and 'visible'; give one")
            return nil
        case (nil, nil):
            break
        }
        var fade = 0.0
        if let node = fields["fade"] {
            guard let seconds = reader.number(node, "\(path).fade", in: 0...600, unit: "seconds") else { return nil }
            if let visible, seconds > visible + 1e-9 {
                reader.report(node.position, "\(path).fade (\(seconds) s) is longer than the effect is visible (\(visible) s)")
                problem = true
            } else if visible == nil {
                reader.report(node.position, "\(path).fade needs an end to fade out before: give 'until' or 'visible' too")
                problem = true
            }
            fade = seconds
        }
        if problem { return nil }
        return (visible.map { EffectEnd(visible: $0, fade: fade) }, ())
    }

    private static func allowedKeys(_ key: String) -> [String] {
        switch key {
        case "tap": return ["at", "id"]
        case "drag": return ["target", "from", "to", "duration"]
        case "pinch": return ["target", "at", "scale", "factor", "duration"]
        case "long_press": return ["target", "at", "duration"]
        case "double_tap", "two_finger_tap": return ["target", "at"]
        case "action": return ["kind", "target"]
        case "effect": return ["kind", "target", "at", "duration", "until", "visible", "fade", "density", "fall_speed"]
        case "expression": return ["kind", "strength", "duration", "ramp"]
        default: return []
        }
    }

    private func decodeGesture(_ key: String, _ fields: ValueReader.Fields, _ path: String,
                               time: Double) -> (SceneInput, SourcePosition?)? {
        switch key {
        case "tap":
            let at = reader.requireKey(fields, "at", path, example: "'at: [640, 560]'").flatMap { reader.point($0, "\(path).at") }
            var newID: String?
            if let node = fields["id"] {
                guard let id = reader.text(node, "\(path).id", expected: "a name for the new character") else { return nil }
                if id == "all" {
                    reader.report(node.position, "'all' is reserved for actions on every character; choose another id")
                    return nil
                }
                if let problem = SceneFileLimits.idProblem(id, at: "\(path).id") {
                    reader.report(node.position, problem)
                    return nil
                }
                newID = id
            }
            guard let at else { return nil }
            return (.tap(at: at, newID: newID), fields["id"]?.position)
        case "drag":
            let from = gesturePoint(fields, path, pointKey: "from")
            let to = reader.requireKey(fields, "to", path, example: "'to: [800, 600]'").flatMap { reader.point($0, "\(path).to") }
            let duration = self.duration(fields, path, default: 0.6, range: 0.05...60)
            guard let (point, idPosition) = from, let to, let duration else { return nil }
            return (.drag(from: point, to: to, duration: duration), idPosition)
        case "pinch":
            let on = gesturePoint(fields, path, pointKey: "at")
            let change: PinchChange?
            switch (fields["scale"], fields["factor"]) {
            case (let scale?, nil): change = reader.number(scale, "\(path).scale", in: 0.1...10).map { .scale(Float($0)) }
            case (nil, let factor?): change = reader.number(factor, "\(path).factor", in: 0.1...10).map { .factor(Float($0)) }
            case (_?, let factor?):
                reader.report(factor.position, "\(path) has both 'scale' and 'factor'; give one (scale: the size to reach, factor: a multiple of the current size)")
                change = nil
            case (nil, nil):
                reader.report(fields.node.position, "\(path) needs 'scale' (the size to reach, e.g. 1.5) or 'factor' (a multiple of the current size)")
                change = nil
            }
            let duration = self.duration(fields, path, default: 0.5, range: 0.05...60)
            guard let (point, idPosition) = on, let change, let duration else { return nil }
            return (.pinch(on: point, change: change, duration: duration), idPosition)
        case "long_press":
            let on = gesturePoint(fields, path, pointKey: "at")
            let duration = self.duration(fields, path, default: 0.8, range: 0.5...60)
            guard let (point, idPosition) = on, let duration else { return nil }
            return (.longPress(on: point, duration: duration), idPosition)
        case "double_tap":
            return gesturePoint(fields, path, pointKey: "at").map { (.doubleTap(on: $0.0), $0.1) }
        case "two_finger_tap":
            return gesturePoint(fields, path, pointKey: "at").map { (.twoFingerTap(on: $0.0), $0.1) }
        case "action":
            let kind = reader.requireKey(fields, "kind", path, example: "'kind: wave'")
                .flatMap { reader.name($0, "\(path).kind", among: ActionKind.allCases.map(\.rawValue) + moveNames, what: "action") }
                .map(ActionName.init)
            var target = ActionTarget.all
            if let node = fields["target"] {
                guard let id = reader.text(node, "\(path).target", expected: "a character id or 'all'") else { return nil }
                target = id == "all" ? .all : .character(id)
            }
            guard let kind else { return nil }
            let idPosition: SourcePosition? = target == .all ? nil : fields["target"]?.position
            return (.action(kind, target: target), idPosition)
        case "effect":
            let kind = reader.requireKey(fields, "kind", path, example: "'kind: sparkles'")
                .flatMap { reader.choice($0, "\(path).kind", among: Self.timelineEffects, what: "effect") }
            var place = EffectPlace.canvas
            var idPosition: SourcePosition?
            switch (fields["target"], fields["at"]) {
            case (let target?, nil):
                guard let id = reader.text(target, "\(path).target", expected: "a character id") else { return nil }
                place = .character(id)
                idPosition = target.position
            case (nil, let at?):
                guard let point = reader.point(at, "\(path).at") else { return nil }
                place = .point(point)
            case (_?, let at?):
                reader.report(at.position, "\(path) has both 'target' and 'at'; give one (or neither, for the whole canvas)")
                return nil
            case (nil, nil):
                place = .canvas
            }
            var effectDuration: Double?
            if let node = fields["duration"] {
                guard let seconds = reader.number(node, "\(path).duration", in: 0.1...600, unit: "seconds") else { return nil }
                effectDuration = seconds
            }
            let end = effectEnd(fields, path, time: time)
            guard let kind, let end, let amount = effectAmount(fields, path, kind: kind) else { return nil }
            return (.effect(kind, place: place, duration: effectDuration, end: end.end, amount: amount), idPosition)
        case "expression":
            let kind = reader.requireKey(fields, "kind", path, example: "'kind: smile'")
                .flatMap { reader.choice($0, "\(path).kind", among: ExpressionKind.allCases, what: "expression") }
            let strength = fields["strength"].map { reader.number($0, "\(path).strength", in: 0...1) } ?? 1
            let span = reader.requireKey(fields, "duration", path, example: "'duration: 1.0' (seconds the face holds it)")
                .flatMap { reader.number($0, "\(path).duration", in: 0.05...600, unit: "seconds") }
            let ramp = fields["ramp"].map { reader.number($0, "\(path).ramp", in: 0...60, unit: "seconds") } ?? 0.15
            guard let kind, let strength, let span, let ramp else { return nil }
            return (.expressionCurve(ExpressionCurve(kind: kind, start: time, duration: span, peak: Float(strength), ramp: ramp)), nil)
        default:
            return nil
        }
    }

    /// A gesture's place: `target: id` or a point under `pointKey`, exactly one of them.
    private func gesturePoint(_ fields: ValueReader.Fields, _ path: String, pointKey: String) -> (GesturePoint, SourcePosition?)? {
        switch (fields["target"], fields[pointKey]) {
        case (let target?, nil):
            return reader.text(target, "\(path).target", expected: "a character id").map { (.character($0), target.position) }
        case (nil, let point?):
            return reader.point(point, "\(path).\(pointKey)").map { (.point($0), nil) }
        case (_?, let point?):
            reader.report(point.position, "\(path) has both 'target' and '\(pointKey)'; give one")
            return nil
        case (nil, nil):
            reader.report(fields.node.position, "\(path) needs 'target' (a character id) or '\(pointKey)' (a point [x, y])")
            return nil
        }
    }

    private func duration(_ fields: ValueReader.Fields, _ path: String, default value: Double,
                          range: ClosedRange<Double>) -> Double? {
        guard let node = fields["duration"] else { return value }
        return reader.number(node, "\(path).duration", in: range, unit: "seconds")
    }
}
