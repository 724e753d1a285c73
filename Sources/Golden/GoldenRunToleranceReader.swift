import SceneFile
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
        tolerance.traceTime = try seconds("trace_time_tolerance", upTo: 10) ?? tolerance.traceTime
        tolerance.soundOnset = try seconds("sound_onset_tolerance", upTo: 10) ?? tolerance.soundOnset
        tolerance.soundLoudness = try seconds("sound_loudness_tolerance", upTo: 60) ?? tolerance.soundLoudness
        if let rules = map["rules"] { tolerance.rules = try reader.rules(rules) }
        return tolerance
    }
}

extension ManifestNodeReader {
    /// Rules, read by the scene files' reader: the first problem as the manifest reports
    /// problems, with how many more there are.
    func rules(_ node: DocumentNode) throws -> [SceneRule] {
        do {
            return try SceneRuleReader.read(node, file: path, vocabulary: vocabulary)
        } catch let errors as SceneErrors {
            let more = errors.diagnostics.count > 1 ? " (and \(errors.diagnostics.count - 1) more)" : ""
            throw GoldenManifestError(description: (errors.diagnostics.first?.description ?? "\(path): invalid rules") + more)
        }
    }
}
