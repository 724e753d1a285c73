/// The trace words the engine reads itself, whichever game wrote them (docs/rules.md): a game
/// may write these events only as the engine means them, and is refused when its vocabulary
/// gives one of them other fields.
public enum EngineTraceWords {
    /// One event the engine reads: the fields it reads (which a game's event must carry) and why.
    public struct Word: Sendable {
        /// The event's name.
        public let event: String
        /// The fields the engine reads from it.
        public let fields: [String]
        /// What the engine does with it.
        public let meaning: String
    }

    /// Every event the engine reads. `settings` carries settings only: each of its fields (but
    /// `source`) is one of the vocabulary's settings.
    public static let words: [Word] = [
        Word(event: "sound", fields: ["sound"], meaning: "a sound cue, played in the soundtrack and on the kiosk's speaker"),
        Word(event: "haptic", fields: ["kind"], meaning: "a haptic pattern, which feedback rules read"),
        Word(event: "settings", fields: [], meaning: "the settings from then on, which rules' `while` read"),
        Word(event: "clap", fields: ["source"], meaning: "a clap heard, which the kiosk's log counts"),
        Word(event: "refused", fields: ["reason"], meaning: "an input refused, which the kiosk's log counts for claps"),
    ]

    /// How `vocabulary` (of the game `game`) uses an engine word for something else, one line
    /// each; empty when it uses them as the engine means them.
    public static func misuses(in vocabulary: TraceVocabulary, game: String) -> [String] {
        var found: [String] = []
        for word in words {
            guard let declared = vocabulary.events.first(where: { $0.event == word.event }) else { continue }
            let missing = word.fields.filter { !declared.fields.contains($0) }
            var notSettings: [String] = []
            if word.event == "settings" {
                notSettings = declared.fields.filter { $0 != "source" && !vocabulary.settings.contains($0) }
            }
            guard !missing.isEmpty || !notSettings.isEmpty else { continue }
            let wrong = missing.isEmpty ? "with fields that are not settings (\(notSettings.joined(separator: ", ")))"
                                        : "without the field\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", "))"
            found.append("game '\(game)' writes the trace event '\(word.event)' \(wrong), but the engine reads '\(word.event)' as "
                         + "\(word.meaning); give the game's event another name (docs/rules.md lists the engine's words)")
        }
        return found
    }
}
