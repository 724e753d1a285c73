import ImageDiff

/// What happened to one golden frame.
public enum GoldenFrameStatus: Equatable, Sendable {
    /// Same as its golden, within tolerance.
    case passed
    /// Differs from its golden beyond tolerance.
    case failed
    /// There is no golden PNG for this frame.
    case missing
    /// The golden PNG exists but cannot be read.
    case unreadable(String)
    /// The golden is another size than the frame rendered now; nothing else was compared.
    case wrongSize(golden: String, actual: String)

    /// A difference QA has to look at (JUnit's failure).
    public var isFailure: Bool {
        switch self {
        case .failed, .wrongSize: return true
        default: return false
        }
    }

    /// A golden that is missing or broken (JUnit's error).
    public var isError: Bool {
        switch self {
        case .missing, .unreadable: return true
        default: return false
        }
    }
}

/// One golden frame's outcome, with the files written for it.
public struct GoldenFrameResult: Equatable, Sendable {
    /// The frame index.
    public var frame: Int
    /// The outcome.
    public var status: GoldenFrameStatus
    /// The comparison, when both images existed.
    public var comparison: ImageComparison?
    /// The golden PNG's path.
    public var goldenPath: String
    /// The golden PNG copied into the report folder when the frame failed, so the report shows
    /// the golden it was compared with even after an update or without the goldens.
    public var goldenCopyPath: String?
    /// The rendered frame written to the report folder, when it did not pass.
    public var actualPath: String?
    /// The diff image written to the report folder, when it failed.
    public var diffPath: String?
    /// Seconds spent rendering and comparing this frame.
    public var seconds = 0.0
    /// `git restore PATH` when the golden is missing or unreadable and git tracks it.
    public var restoreCommand: String?

    /// What is wrong with it, in the words `aria-render diff` uses; nil when it passed.
    public var problem: String? {
        switch status {
        case .passed: return nil
        case .failed:
            let boxes = (comparison?.regions ?? []).prefix(8).map(\.description)
            return "\(comparison?.differentPixels ?? 0) pixels differ" + (boxes.isEmpty ? "" : " in " + boxes.joined(separator: ", "))
                + "; \(comparison?.antialiasedPixels ?? 0) anti-aliased pixels excused"
        case .missing:
            return restoreCommand.map { "the golden frame \(goldenPath) is missing, but git tracks it; run `\($0)` to bring it back" }
                ?? "no golden frame at \(goldenPath) yet"
        case .unreadable(let why): return "the golden frame cannot be read: \(why); " + GoldenRestoreHint.unreadableWords(restore: restoreCommand)
        case .wrongSize(let golden, let actual): return "different sizes: golden \(golden) against actual \(actual)"
        }
    }
}

/// One scene's outcome.
public struct GoldenSceneResult: Equatable, Sendable {
    /// The scene from the manifest.
    public var scene: GoldenScene
    /// Each golden frame's outcome, in frame order.
    public var frames: [GoldenFrameResult]
    /// Seconds spent rendering and comparing.
    public var seconds: Double
    /// The trace, sound and rules, when checked.
    public var run = GoldenRunResult()

    /// Frames that failed, were missing or unreadable.
    public var problems: [GoldenFrameResult] { frames.filter { $0.status != .passed } }

    /// Whether every frame passed, and the trace, sound and rules.
    public var passed: Bool { problems.isEmpty && run.passed }

    /// What `check` prints of the scene: its summary line, then each frame's problem and the
    /// run's details, indented.
    public var terminalLines: [String] {
        [summaryLine] + problems.map { "    frame \($0.frame): \($0.problem ?? "")" } + run.details.map { "    " + $0 }
    }

    /// One line for the terminal.
    public var summaryLine: String {
        let failed = frames.filter { $0.status == .failed }.count
        let missing = frames.filter { $0.status == .missing }.count
        let unreadable = frames.filter { if case .unreadable = $0.status { return true } else { return false } }.count
        let wrongSize = frames.filter { if case .wrongSize = $0.status { return true } else { return false } }.count
        var parts: [String] = []
        if failed > 0 { parts.append("\(failed) differ") }
        if wrongSize > 0 { parts.append("\(wrongSize) of another size") }
        if missing > 0 { parts.append("\(missing) missing") }
        if unreadable > 0 { parts.append("\(unreadable) unreadable") }
        let verdict = parts.isEmpty && run.passed ? "ok" : "FAIL"
        let detail = parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
        let time = (seconds * 100).rounded() / 100
        let checked = run.summary.isEmpty ? "" : "; " + run.summary
        let framesPart = frames.isEmpty && run.trace != nil ? "no frames drawn" : "\(frames.count) frame\(frames.count == 1 ? "" : "s") at \(scene.width)x\(scene.height)"
            + (!frames.isEmpty && frames.allSatisfy { $0.comparison?.identical == true } ? " bit-identical" : "")
        return "\(verdict)  \(scene.name): \(framesPart)\(detail)\(checked) in \(time) s"
    }
}
