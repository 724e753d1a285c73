import Scene

/// One line of a detection log or a live stream: a JSON object a YOLO-like detector writes,
/// `{"time": 1.5, "label": "apple", "confidence": 0.91, "box": [0.2, 0.3, 0.1, 0.1]}`
/// (the box normalised: left, top, width, height; or `"position": [x, y]`; optionally
/// `"id": 3`, the detector's track), or a camera failure, `{"time": 6, "camera": "permission_denied"}`.
public enum CVLogLine {
    /// The keys a line may have.
    public static let keys = ["time", "label", "confidence", "box", "position", "id", "camera"]

    /// What `text` (the line's text, without its line break) says: an observation, nil for a
    /// blank line, or every problem with the line's number `line` and its column.
    public static func parse(_ text: Substring, file: String, line: Int) -> Result<CVObservation?, SceneErrors> {
        func failure(_ column: Int, _ message: String) -> Result<CVObservation?, SceneErrors> {
            .failure(SceneErrors(diagnostics: [SceneDiagnostic(file: file, line: line, column: column, message: message)]))
        }
        if text.utf8.count > CVLogLimits.maxLineBytes {
            return failure(1, "the line is \(text.utf8.count) bytes long, over the \(CVLogLimits.maxLineBytes) a detection may take")
        }
        if text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\r\n" }) { return .success(nil) }
        let node: DocumentNode
        switch JSONDocumentReader.read(String(text)) {
        case .success(let read): node = read
        case .failure(let error): return failure(error.position.column, error.message + expectation)
        }
        let reader = ValueReader(file: file)
        let observation = decode(node, reader: reader)
        let problems = reader.diagnostics.map { SceneDiagnostic(file: file, line: line, column: $0.column, message: $0.message) }
        guard problems.isEmpty, let observation else { return .failure(SceneErrors(diagnostics: problems)) }
        return .success(observation)
    }

    private static let expectation = " (a line is one JSON object such as "
        + "{\"time\": 1.5, \"label\": \"apple\", \"confidence\": 0.9, \"box\": [0.2, 0.3, 0.1, 0.1]})"

    private static func decode(_ node: DocumentNode, reader: ValueReader) -> CVObservation? {
        guard let fields = reader.fields(node, "a detection", allowed: keys) else { return nil }
        let time = reader.requireKey(fields, "time", "a detection", example: "\"time\": 1.5, in seconds")
            .flatMap { reader.number($0, "time", in: 0...CVLogLimits.maxTime, unit: "seconds") }
        if let cameraNode = fields["camera"] {
            for pair in fields.pairs where pair.key != "time" && pair.key != "camera" {
                reader.report(pair.keyPosition, "a camera line has only \"time\" and \"camera\"; found \(SceneFileLimits.quoted(pair.key))")
            }
            let kind = reader.choice(cameraNode, "camera", among: [CVEventKind.permissionDenied, .unavailable], what: "camera failure")
            guard let time, let kind else { return nil }
            return .cameraFailure(kind, time: time)
        }
        let label = reader.requireKey(fields, "label", "a detection", example: "\"label\": \"apple\"")
            .flatMap { labelValue($0, reader: reader) }
        let confidence = reader.requireKey(fields, "confidence", "a detection", example: "\"confidence\": 0.9")
            .flatMap { reader.number($0, "confidence", in: 0...1) }
        let track = fields["id"].flatMap { reader.integer($0, "id", in: 0...CVLogLimits.maxTrack) } ?? 0
        var box: CVBox?
        var position: CVPoint?
        if let node = fields["box"] { box = Self.box(node, reader: reader) }
        if let node = fields["position"] { position = Self.point(node, "position", reader: reader) }
        if !fields.has("box") && !fields.has("position") {
            reader.report(node.position, "a detection needs \"box\": [left, top, width, height] or \"position\": [x, y], normalised 0 to 1")
        }
        guard let time, let label, let confidence, box != nil || position != nil else { return nil }
        if fields.has("box") && box == nil || fields.has("position") && position == nil { return nil }
        let shape = box ?? CVBox(x: position!.x, y: position!.y, width: 0, height: 0)
        return .detection(CVDetection(label: label, track: track, confidence: confidence, box: shape, position: position, time: time))
    }

    /// A label: printable text of at most 64 bytes.
    package static func labelValue(_ node: DocumentNode, reader: ValueReader) -> String? {
        guard let text = reader.text(node, "label", expected: "the object's name, such as \"apple\"") else { return nil }
        if let problem = SceneFileLimits.idProblem(text, at: "label") {
            reader.report(node.position, problem)
            return nil
        }
        return text
    }

    /// `[x, y]`, each 0–1.
    package static func point(_ node: DocumentNode, _ path: String, reader: ValueReader) -> CVPoint? {
        guard let items = numbers(node, path, count: 2, shape: "[x, y]", reader: reader) else { return nil }
        return CVPoint(x: items[0], y: items[1])
    }

    /// `[left, top, width, height]`, each 0–1, inside the picture.
    private static func box(_ node: DocumentNode, reader: ValueReader) -> CVBox? {
        guard let items = numbers(node, "box", count: 4, shape: "[left, top, width, height]", reader: reader) else { return nil }
        let box = CVBox(x: items[0], y: items[1], width: items[2], height: items[3])
        // A little room for a detector's rounding at the edge.
        guard box.x + box.width <= 1 + 1e-6, box.y + box.height <= 1 + 1e-6 else {
            reader.report(node.position, "box goes past the edge of the picture (left + width and top + height must be at most 1)")
            return nil
        }
        return box
    }

    private static func numbers(_ node: DocumentNode, _ path: String, count: Int, shape: String, reader: ValueReader) -> [Double]? {
        guard case .sequence(let items) = node.value, items.count == count else {
            reader.report(node.position, "\(path) must be \(shape), normalised 0 to 1; found \(node.kindDescription)")
            return nil
        }
        let values = items.enumerated().map { reader.number($1, "\(path)[\($0)]", in: 0...1) }
        return values.contains { $0 == nil } ? nil : values.map { $0! }
    }
}
