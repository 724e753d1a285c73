/// A trace event in a few words, for reports: its name, its main field's value and its
/// character (`haptic heavy willow`, `action_start wave luna`, `refused too_close`).
public enum TraceEventLabel {
    /// The field that says most about each kind of event.
    private static let mainField: [String: String] = [
        "gesture": "gesture", "gesture_end": "gesture", "select": "kind", "action_start": "action", "action_end": "action",
        "effect_start": "effect", "expression": "expression", "clap": "source", "refused": "reason", "haptic": "kind",
        "sound": "sound",
    ]

    /// The event in a few words.
    public static func label(of event: TraceEvent) -> String {
        var words = [event.event]
        if event.event == "settings" {
            words += event.fields.filter { $0.name != "source" }.map { "\($0.name) \($0.value.plain)" }
        } else if let field = mainField[event.event], let value = event[field]?.plain {
            words.append(value)
        }
        if let character = event.character { words.append(character) }
        return words.joined(separator: " ")
    }

    /// `3.20`: a time with two decimals (three when the trace has them, `0.017`).
    public static func time(_ t: Double) -> String {
        let hundredths = (t * 100).rounded()
        if abs(t * 100 - hundredths) < 1e-6 {
            let whole = Int(hundredths) / 100, fraction = abs(Int(hundredths)) % 100
            return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
        }
        let thousandths = Int((t * 1000).rounded())
        let fraction = abs(thousandths) % 1000
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - String(fraction).count) + String(fraction)
    }
}
