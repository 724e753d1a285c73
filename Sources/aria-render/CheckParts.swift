import ArgumentParser
import Foundation
import Golden
import Scene

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

}
