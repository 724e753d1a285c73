import Scene

/// Reads a detection log (`--cv-events FILE.jsonl`), one `CVLogLine` a line, and validates it
/// as a scene file is: every bad line is reported as `file:line:column: what was expected`
/// (the first hundred, then a count), times must not go back, and the caps of `CVLogLimits`
/// refuse a hostile file before it is decoded.
public enum CVLogFile {
    /// The recording in the file at `path`; throws `SceneErrors` with every problem.
    public static func load(path: String) throws -> CVRecording {
        let bytes: [UInt8]
        switch SceneFileReader.read(path: path, limit: CVLogLimits.maxBytes) {
        case .success(let read): bytes = read
        case .failure(.missing): throw single(path, "the detection log does not exist")
        case .failure(.unreadable(let reason)): throw single(path, "the detection log cannot be read (\(reason))")
        case .failure(.tooLarge(let size)):
            throw single(path, "the detection log is too large (\(size.map { "\($0) bytes" } ?? "more than the limit")); "
                         + "a log may be at most \(CVLogLimits.maxBytes) bytes")
        }
        return try parse(bytes, file: path)
    }

    /// The recording `bytes` hold; `file` names it in diagnostics. Throws `SceneErrors`.
    public static func parse(_ bytes: [UInt8], file: String) throws -> CVRecording {
        if bytes.count > CVLogLimits.maxBytes {
            throw single(file, "the detection log is too large (\(bytes.count) bytes); a log may be at most \(CVLogLimits.maxBytes) bytes")
        }
        let newline = UInt8(ascii: "\n")
        // Counted first, so that a log of millions of lines costs a scan, not a decoding.
        let lines = bytes.reduce(0) { $0 + ($1 == newline ? 1 : 0) } + (bytes.last == newline || bytes.isEmpty ? 0 : 1)
        if lines > CVLogLimits.maxLines {
            throw SceneErrors(diagnostics: [SceneDiagnostic(
                file: file, line: CVLogLimits.maxLines + 1, column: 1,
                message: "the detection log has \(lines) lines, over the \(CVLogLimits.maxLines) a log may have; split it or cut it to the scene")])
        }
        var problems = ProblemList(file: file)
        var observations: [CVObservation] = []
        var previous: (time: Double, line: Int)?
        var number = 0
        var start = 0
        while start < bytes.count {
            number += 1
            let end = bytes[start...].firstIndex(of: newline) ?? bytes.count
            defer { start = end + 1 }
            let lineBytes = Array(bytes[start..<end])
            if lineBytes.count > CVLogLimits.maxLineBytes {
                problems.add(SceneDiagnostic(file: file, line: number, column: 1, message: "the line is \(lineBytes.count) bytes long, "
                                             + "over the \(CVLogLimits.maxLineBytes) a detection may take"))
                continue
            }
            if let bad = SceneFileReader.firstInvalidUTF8(in: lineBytes) {
                problems.add(SceneDiagnostic(file: file, line: number, column: bad.column,
                                             message: "the line is not UTF-8 text: byte 0x" + String(lineBytes[bad.offset], radix: 16, uppercase: true)
                                                 + " is not valid UTF-8"))
                continue
            }
            switch CVLogLine.parse(Substring(String(decoding: lineBytes, as: UTF8.self)), file: file, line: number) {
            case .failure(let found):
                for diagnostic in found.diagnostics { problems.add(diagnostic) }
            case .success(nil):
                continue
            case .success(let observation?):
                if let previous, observation.time < previous.time {
                    problems.add(SceneDiagnostic(file: file, line: number, column: 1, message: "time \(format(observation.time)) is before "
                                                 + "\(format(previous.time)) on line \(previous.line); a detection log is in time order"))
                    continue
                }
                previous = (observation.time, number)
                observations.append(observation)
            }
        }
        if !problems.isEmpty { throw SceneErrors(diagnostics: problems.diagnostics) }
        return CVRecording(file: file, observations: observations)
    }

    private static func single(_ file: String, _ message: String) -> SceneErrors {
        SceneErrors(diagnostics: [SceneDiagnostic(file: file, line: 1, column: 1, message: message)])
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// The first `CVLogLimits.maxDiagnostics` problems, then one line counting the rest.
struct ProblemList {
    let file: String
    private var listed: [SceneDiagnostic] = []
    private var unlisted = 0
    private var firstUnlisted: SceneDiagnostic?

    init(file: String) { self.file = file }

    var isEmpty: Bool { listed.isEmpty }

    mutating func add(_ diagnostic: SceneDiagnostic) {
        if listed.count < CVLogLimits.maxDiagnostics {
            listed.append(diagnostic)
        } else {
            unlisted += 1
            firstUnlisted = firstUnlisted ?? diagnostic
        }
    }

    var diagnostics: [SceneDiagnostic] {
        guard let firstUnlisted else { return listed }
        return listed + [SceneDiagnostic(file: file, line: firstUnlisted.line, column: firstUnlisted.column,
                                         message: "\(unlisted) more problem\(unlisted == 1 ? "" : "s") not listed, the first of them here "
                                             + "(only the first \(CVLogLimits.maxDiagnostics) are listed)")]
    }
}
