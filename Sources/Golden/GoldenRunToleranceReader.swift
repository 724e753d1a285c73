import Scene
import Trace

/// Reads a manifest scene's run keys: `trace_time_tolerance`, `sound_onset_tolerance`,
/// `sound_loudness_tolerance` and `rules`.
enum GoldenRunToleranceReader {
    static let keys = ["trace_time_tolerance", "sound_onset_tolerance", "sound_loudness_tolerance", "rules"]

    static func read(_ map: [String: DocumentNode], _ reader: ManifestNodeReader) throws -> GoldenRunTolerance {
        var tolerance = GoldenRunTolerance()
        func seconds(_ key: String, upTo limit: Double) throws -> Double? {
            guard let node = map[key] else { return nil }
            guard let value = node.scalarText.flatMap(Double.init), value.isFinite, (0...limit).contains(value) else {
                throw reader.error(node, "\(key): expected a number from 0 to \(Int(limit))")
            }
            return value
        }
        let problems = ManifestProblems()
        tolerance.traceTime = problems.attempt { try seconds("trace_time_tolerance", upTo: 10) }.flatMap { $0 } ?? tolerance.traceTime
        tolerance.soundOnset = problems.attempt { try seconds("sound_onset_tolerance", upTo: 10) }.flatMap { $0 } ?? tolerance.soundOnset
        tolerance.soundLoudness = problems.attempt { try seconds("sound_loudness_tolerance", upTo: 60) }.flatMap { $0 } ?? tolerance.soundLoudness
        if let rules = map["rules"] { tolerance.rules = problems.attempt { try reader.rules(rules) } ?? [] }
        try problems.throwIfAny()
        return tolerance
    }
}

extension ManifestNodeReader {
    /// Rules, read by the scene files' reader: every problem as the manifest reports problems.
    func rules(_ node: DocumentNode) throws -> [SceneRule] {
        do {
            return try SceneRuleReader.read(node, file: path, vocabulary: vocabulary)
        } catch let errors as SceneErrors {
            throw GoldenManifestError(problems: errors.diagnostics.isEmpty ? ["\(path): invalid rules"] : errors.diagnostics.map(\.description))
        }
    }
}
