import ArgumentParser
import Foundation
import Scene

/// ArgumentParser suggests the option closest in spelling (`--out` → `--at`); the command's own
/// options are asked again with the one that starts the same way first (`--output`).
enum OptionSpelling {
    /// `message` with its suggestion for an unknown option chosen among the options of the command `arguments` name.
    static func corrected(_ message: String, arguments: [String]) -> String {
        guard message.hasPrefix("Unknown option '-"), let typed = message.split(separator: "'").dropFirst().first else { return message }
        var command: ParsableCommand.Type = AriaRender.self
        for word in arguments.prefix(while: { !$0.hasPrefix("-") }) {
            guard let named = command.configuration.subcommands.first(where: { $0._commandName == word }) else { break }
            command = named
        }
        let dump = (try? JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8))) as? [String: Any]
        let shown = ((dump?["command"] as? [String: Any])?["arguments"] as? [[String: Any]] ?? []).filter { $0["shouldDisplay"] as? Bool != false }
        let names = shown.flatMap { $0["names"] as? [[String: Any]] ?? [] }
        func named(_ kind: String) -> [String] { names.filter { $0["kind"] as? String == kind }.compactMap { $0["name"] as? String } }
        let hint = SpellingSuggestion.option(for: String(typed), long: named("long"), short: named("short")).map { " Did you mean '\($0)'?" } ?? ""
        return "Unknown option '\(typed)'.\(hint)"
    }
}
