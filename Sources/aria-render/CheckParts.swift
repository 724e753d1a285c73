import ArgumentParser
import Foundation
import Golden
import SceneFile

/// `check --only frames,traces,sound`: which parts of the goldens to compare. `traces`
/// (the golden traces and the rules) and `sound` run each scene without drawing a pixel.
struct CheckParts: ParsableArguments {
    @Option(name: .customLong("only"),
            help: "Compare only these parts: frames, traces (the golden traces and the rules), sound; comma-separated or repeated.")
    var names: [String] = []

    /// The parts asked for (all when none).
    func parts() throws -> GoldenParts {
        guard !names.isEmpty else { return .all }
        let known = GoldenParts.names.map(\.0)
        var parts: GoldenParts = []
        for name in names.flatMap({ $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }) {
            guard let part = GoldenParts.names.first(where: { $0.0 == name })?.1 else {
                throw ToolFailure(.badInput, "--only \(name): no such part\(SpellingSuggestion.hint(for: name, among: known)) "
                                  + "(the parts: \(known.joined(separator: ", ")))")
            }
            parts.insert(part)
        }
        return parts
    }

    /// `90 frames, 5 traces, 5 soundtracks and 30 rules`: what a check compared.
    static func checkedWords(_ results: [GoldenSceneResult], frames: Int, rules counting: Bool = true) -> String {
        var words: [String] = []
        if frames > 0 { words.append(counted(frames, "frame")) }
        let traces = results.filter { $0.run.trace != nil }.count
        if traces > 0 { words.append(counted(traces, "trace")) }
        let sounds = results.filter { $0.run.sound != nil }.count
        if sounds > 0 { words.append(counted(sounds, "soundtrack")) }
        let rules = results.reduce(0) { $0 + $1.run.rules.count }
        if rules > 0 && counting { words.append(counted(rules, "rule check")) }
        guard words.count > 1 else { return words.first ?? "nothing" }
        return words.dropLast().joined(separator: ", ") + " and " + words.last!
    }
}
