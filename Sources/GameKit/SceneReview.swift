import SceneFile
import Trace

/// What a run of a scene showed that its file cannot say: inputs the run refused or changed,
/// each a warning at the entry that asked for it, and what appeared on screen.
public struct SceneReview: Sendable, Equatable {
    /// One warning per refused or clamped entry, `file:line:column: warning: …`, in time order.
    public var warnings: [SceneDiagnostic]
    /// What appeared, in a few words for `validate` (`3 characters appear`); nil: nothing to add.
    public var outline: String?

    /// A review from its parts.
    public init(warnings: [SceneDiagnostic] = [], outline: String? = nil) {
        self.warnings = warnings
        self.outline = outline
    }
}

/// A game's reader of its own trace for a `SceneReview`, fed as the run steps (memory stays flat).
public protocol SceneReviewer: AnyObject {
    /// Reads the next events of the trace.
    func add(_ events: [TraceEvent])
    /// The review, with warnings placed in `file` (the scene file as the user named it).
    func review(file: String) -> SceneReview
}

extension OpenedScene {
    /// Steps a run of the scene through without drawing and returns what its game's reviewer
    /// saw; nil for a game that reviews nothing. Throws `GameRunError`.
    public func review(file: String, options: RunOptions = RunOptions()) throws -> SceneReview? {
        guard let reviewer = game.makeReviewer(of: scene) else { return nil }
        let run = try makeRun(options)
        reviewer.add(run.drainTrace())
        for frame in stride(from: 1, to: run.frameCount, by: 1) {
            run.advance(toFrame: frame)
            reviewer.add(run.drainTrace())
        }
        return reviewer.review(file: file)
    }
}
