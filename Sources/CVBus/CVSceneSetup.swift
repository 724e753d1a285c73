import Scene

/// The `cv:` section of a scene file, for any game that takes camera events: the bus's
/// settings, the mock mode, and a script of detections sampled at the camera's rate — each a
/// confidence over time (keyframes) at a place, or following a path like a prop carried
/// about — and camera failures at their times.
///
/// ```yaml
/// cv:
///   latency: 0.05          # optional, as are sample_rate, threshold, remove_after, mock
///   script:
///     - object: apple
///       position: [0.3, 0.4]
///       confidence: [[0.5, 0.2], [1, 0.9], [4, 0.9], [4.5, 0.1]]   # [seconds, confidence]
///     - object: ball
///       confidence: 0.9
///       path: [[1, 0.2, 0.5], [3, 0.8, 0.5]]                        # [seconds, x, y]
///     - camera: permission_denied
///       time: 6
/// ```
public struct CVSceneSetup: Sendable, Equatable {
    /// The section's key in a scene file.
    public static let key = "cv"
    /// The keys of the section.
    public static let keys = ["sample_rate", "latency", "threshold", "remove_after", "confidence_step", "mock", "script"]
    /// The most samples a script may make (about 1.8 hours of one object at 30 Hz).
    public static let maxSamples = 200_000
    /// The most keyframes of one entry.
    public static let maxKeyframes = 1_000

    /// How the bus samples and delivers.
    public var settings: CVBusSettings
    /// Whether the mock's detections are added.
    public var mock: Bool
    /// The script's entries.
    public var entries: Int
    /// What the script makes the camera report, sampled, in time order.
    public var observations: [CVObservation]
    /// The objects the script's detections name, each where its `object:` is written.
    public var labels: [CVScriptLabel]

    /// A setup from its parts (the default: standard settings, no mock, no script).
    public init(settings: CVBusSettings = .standard, mock: Bool = false, entries: Int = 0, observations: [CVObservation] = [],
                labels: [CVScriptLabel] = []) {
        self.settings = settings
        self.mock = mock
        self.entries = entries
        self.observations = observations
        self.labels = labels
    }

    /// A warning at each detection of the script whose object is none of `lookedFor` (the labels
    /// the scene's game reads): the game would never see it. With a "did you mean" when one is close.
    public func unknownLabels(lookedFor: [String], file: String) -> [SceneDiagnostic] {
        labels.filter { !lookedFor.contains($0.label) }.map { entry in
            let hint = SpellingSuggestion.closest(to: entry.label, among: lookedFor).map { "did you mean '\($0)'?" }
                ?? "it looks for " + (lookedFor.isEmpty ? "no object" : lookedFor.map { "'\($0)'" }.joined(separator: ", "))
            return SceneDiagnostic(file: file, line: entry.line, column: entry.column,
                                   message: "warning: \(entry.path) \(SceneFileLimits.quoted(entry.label)) names nothing this scene looks for (\(hint))")
        }
    }
}

/// A detection's object in a scene's script, with where it is written.
public struct CVScriptLabel: Sendable, Equatable {
    /// The label, as written.
    public var label: String
    /// Its path in the scene (`cv.script[2].object`).
    public var path: String
    /// 1-based line and column of the label in the scene file.
    public var line: Int
    public var column: Int

    /// A label from its parts.
    public init(label: String, path: String, line: Int, column: Int) {
        self.label = label
        self.path = path
        self.line = line
        self.column = column
    }
}

/// Reads a scene file's `cv:` section, reporting every problem through a game's reader.
package struct CVSceneDecoder {
    /// Where problems go.
    package let reader: ValueReader
    /// The scene's length in seconds: every time of the script falls within it.
    package let duration: Double

    /// A decoder reporting through `reader`, for a scene lasting `duration` seconds.
    package init(reader: ValueReader, duration: Double = CVLogLimits.maxTime) {
        self.reader = reader
        self.duration = duration
    }

    private struct Keyframe { var time: Double; var values: [Double] }

    /// The setup `node` (the value of `cv:`) describes; what is wrong is reported and left out.
    package func decode(_ node: DocumentNode) -> CVSceneSetup {
        var setup = CVSceneSetup()
        guard let fields = reader.fields(node, "cv", allowed: CVSceneSetup.keys) else { return setup }
        var settings = CVBusSettings.standard
        settings.sampleRate = fields["sample_rate"].flatMap { reader.integer($0, "cv.sample_rate", in: 1...120) } ?? settings.sampleRate
        settings.latency = fields["latency"].flatMap { reader.number($0, "cv.latency", in: 0...5, unit: "seconds") } ?? settings.latency
        settings.threshold = fields["threshold"].flatMap { reader.number($0, "cv.threshold", in: 0...1) } ?? settings.threshold
        settings.removeAfter = fields["remove_after"].flatMap { reader.number($0, "cv.remove_after", in: 0...60, unit: "seconds") }
            ?? settings.removeAfter
        settings.confidenceStep = fields["confidence_step"].flatMap { reader.number($0, "cv.confidence_step", in: 0.001...1) }
        setup.settings = settings
        setup.mock = fields["mock"].flatMap { reader.bool($0, "cv.mock") } ?? false
        guard let scriptNode = fields["script"],
              let items = reader.list(scriptNode, "cv.script", expected: "detections and camera failures") else { return setup }
        if items.count > SceneFileLimits.maxTimelineEntries {
            reader.report(scriptNode.position, "cv.script has \(items.count) entries, over the \(SceneFileLimits.maxTimelineEntries) a scene may have")
            return setup
        }
        setup.entries = items.count
        var observations: [CVObservation] = []
        for (index, item) in items.enumerated() {
            let path = "cv.script[\(index)]"
            guard case .mapping(let pairs) = item.value else {
                reader.report(item.position, "\(path) must be a mapping with 'object' or 'camera'; found \(item.kindDescription)")
                continue
            }
            if pairs.contains(where: { $0.key == "camera" }) {
                guard let entry = reader.fields(item, path, allowed: ["camera", "time"]) else { continue }
                let kind = entry["camera"].flatMap {
                    reader.choice($0, "\(path).camera", among: [CVEventKind.permissionDenied, .unavailable], what: "camera failure")
                }
                let time = reader.requireKey(entry, "time", path, example: "'time: 6' in seconds")
                    .flatMap { reader.sceneTime($0, "\(path).time", duration: duration) }
                if let kind, let time { observations.append(.cameraFailure(kind, time: time)) }
                continue
            }
            let sampled = object(item, path, rate: settings.sampleRate, budget: CVSceneSetup.maxSamples - observations.count)
            observations += sampled
            if case .detection(let detection)? = sampled.first, let node = pairs.first(where: { $0.key == "object" })?.value {
                setup.labels.append(CVScriptLabel(label: detection.label, path: "\(path).object", line: node.position.line,
                                                  column: node.position.column))
            }
        }
        // Entries overlap in time: the camera reports them sample by sample, in file order within one.
        setup.observations = observations.enumerated().sorted {
            $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset
        }.map(\.element)
        return setup
    }

    /// One object's samples, or none (reported).
    private func object(_ item: DocumentNode, _ path: String, rate: Int, budget: Int) -> [CVObservation] {
        guard let entry = reader.fields(item, path, allowed: ["object", "id", "size", "position", "path", "confidence"]) else { return [] }
        let label = reader.requireKey(entry, "object", path, example: "'object: apple'").flatMap { CVLogLine.labelValue($0, reader: reader) }
        let track = entry["id"].flatMap { reader.integer($0, "\(path).id", in: 0...CVLogLimits.maxTrack) } ?? 0
        var size = (0.15, 0.15)
        if let node = entry["size"] {
            guard let point = CVLogLine.point(node, "\(path).size", reader: reader) else { return [] }
            size = (point.x, point.y)
        }
        let fixed = entry["position"].flatMap { CVLogLine.point($0, "\(path).position", reader: reader) }
        let route = entry["path"].flatMap { keyframes($0, "\(path).path", values: 2, shape: "[seconds, x, y]") }
        if entry.has("position") == entry.has("path") {
            reader.report(item.position, "\(path) needs either 'position: [x, y]' or 'path: [[seconds, x, y], …]', not \(entry.has("path") ? "both" : "neither")")
            return []
        }
        var constant: Double?
        var curve: [Keyframe]?
        if let node = reader.requireKey(entry, "confidence", path, example: "'confidence: 0.9' or '[[0, 0.2], [1, 0.9]]'") {
            if case .sequence = node.value {
                curve = keyframes(node, "\(path).confidence", values: 1, shape: "[seconds, confidence]")
            } else {
                constant = reader.number(node, "\(path).confidence", in: 0...1)
            }
        }
        guard let label, fixed != nil || route != nil, constant != nil || curve != nil else { return [] }
        let spans = [curve, route].compactMap { $0 }
        guard !spans.isEmpty else {
            reader.report(item.position, "\(path) needs a time: confidence keyframes [[seconds, confidence], …] or a path")
            return []
        }
        let start = spans.map { $0.first!.time }.min()!
        let end = spans.map { $0.last!.time }.max()!
        let first = Int((start * Double(rate) - 1e-9).rounded(.up)), last = Int((end * Double(rate) + 1e-9).rounded(.down))
        guard last >= first else { return [] }
        guard last - first + 1 <= budget else {
            reader.report(item.position, "\(path) samples to \(last - first + 1) detections, past the \(CVSceneSetup.maxSamples) a script may make")
            return []
        }
        return (first...last).map { sample in
            let time = Double(sample) / Double(rate)
            let position = route.map { point(at: time, in: $0) } ?? fixed!
            let confidence = curve.map { value(at: time, in: $0)[0] } ?? constant!
            let box = CVBox(centre: position, width: size.0, height: size.1)
            return .detection(CVDetection(label: label, track: track, confidence: confidence, box: box, position: position, time: time))
        }
    }

    /// `[[seconds, v…], …]` in increasing time, each value 0–1; nil (reported) otherwise.
    private func keyframes(_ node: DocumentNode, _ path: String, values: Int, shape: String) -> [Keyframe]? {
        guard let items = reader.list(node, path, expected: "keyframes \(shape)") else { return nil }
        guard !items.isEmpty, items.count <= CVSceneSetup.maxKeyframes else {
            reader.report(node.position, "\(path) must have 1 to \(CVSceneSetup.maxKeyframes) keyframes \(shape); found \(items.count)")
            return nil
        }
        var frames: [Keyframe] = []
        var valid = true
        for (index, item) in items.enumerated() {
            guard case .sequence(let parts) = item.value, parts.count == values + 1 else {
                reader.report(item.position, "\(path)[\(index)] must be \(shape); found \(item.kindDescription)")
                valid = false
                continue
            }
            let time = reader.sceneTime(parts[0], "\(path)[\(index)] time", duration: duration)
            let numbers = parts.dropFirst().map { reader.number($0, "\(path)[\(index)] value", in: 0...1) }
            guard let time, !numbers.contains(where: { $0 == nil }) else { valid = false; continue }
            if let previous = frames.last, time <= previous.time {
                reader.report(parts[0].position, "\(path)[\(index)] is at \(ValueReader.format(time)) s, not after the keyframe before it "
                              + "(\(ValueReader.format(previous.time)) s); keyframes go forward in time")
                valid = false
                continue
            }
            frames.append(Keyframe(time: time, values: numbers.map { $0! }))
        }
        return valid ? frames : nil
    }

    private func value(at time: Double, in frames: [Keyframe]) -> [Double] {
        guard let after = frames.firstIndex(where: { $0.time >= time }) else { return frames.last!.values }
        guard after > 0 else { return frames[0].values }
        let (a, b) = (frames[after - 1], frames[after])
        let fraction = (time - a.time) / (b.time - a.time)
        return zip(a.values, b.values).map { $0 + ($1 - $0) * fraction }
    }

    private func point(at time: Double, in frames: [Keyframe]) -> CVPoint {
        let values = value(at: time, in: frames)
        return CVPoint(x: values[0], y: values[1])
    }
}
