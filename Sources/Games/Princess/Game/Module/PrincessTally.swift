import GameKit
import Princess
import PrincessSync
import Trace

/// What `simulate` tells of a princess scene: characters, gestures, actions, effects,
/// expressions, claps, refusals and feedback.
final class PrincessTally: RunTally {
    private let scene: SceneDescription
    private var summary = TraceSummary()

    /// A tally of a run of `scene`.
    init(scene: SceneDescription) { self.scene = scene }

    func add(_ events: [TraceEvent]) { summary.add(events) }

    func report(_ run: RunTallyContext) -> [String] {
        var lines = [
            "Simulated \"\(run.scene)\": \(RunTallyContext.format(run.seconds)) s, \(run.frames) frames at \(run.framesPerSecond) fps, "
                + "\(scene.canvasWidth)x\(scene.canvasHeight), \(scene.backdrop.rawValue)",
        ]
        let spawned = summary.spawned.isEmpty ? "none" : summary.spawned.joined(separator: ", ")
        lines.append("  characters   \(summary.spawned.count) spawned (\(spawned)), \(summary.removed.count) removed")
        lines.append("  gestures     \(summary.gestures.listing)")
        lines.append("  actions      \(summary.actions.total) started: \(summary.actions.listing)")
        lines.append("  effects      \(summary.effects.listing)")
        lines.append("  expressions  \(summary.expressions.listing)")
        lines.append("  claps        \(summary.claps)")
        if let recording = run.recording {
            lines.append("  recording    \(recording.claps) clap\(recording.claps == 1 ? "" : "s") heard in \(recording.path)")
        }
        if summary.refusals.total > 0 { lines.append("  refused      \(summary.refusals.listing)") }
        lines.append("  feedback     \(summary.haptics) haptics, \(summary.sounds) sound cues")
        lines.append(run.eventsLine(summary.events))
        return lines
    }
}

/// What `simulate` tells of a shared session: every peer's world, their messages, and whether
/// they agree.
final class SessionTally: RunTally {
    private let session: SharedSession
    private var summary = TraceSummary()
    private var sessionEvents = OrderedCounts()

    /// A tally of `session`, read at the end for its counts and statuses.
    init(session: SharedSession) { self.session = session }

    func add(_ events: [TraceEvent]) {
        summary.add(events)
        for event in events { if case .session(let kind)? = event.kind { sessionEvents.add(kind.name) } }
    }

    func report(_ run: RunTallyContext) -> [String] {
        var lines = [
            "Simulated \"\(run.scene)\" as a shared session of \(session.peerNames.count) peers "
                + "(\(session.peerNames.joined(separator: ", "))): \(RunTallyContext.format(run.seconds)) s, \(run.frames) frames",
            "  characters   \(summary.spawned.count) spawned across the peers, \(summary.removed.count) removed",
            "  actions      \(summary.actions.total) started: \(summary.actions.listing)",
            "  messages     \(session.counts.sent) sent, \(session.counts.delivered) copies delivered, "
                + "\(session.counts.lost) lost, \(session.counts.rejected) rejected",
            "  sync events  \(sessionEvents.listing)",
        ]
        let statuses = session.peerNames.indices.map { "\(session.peerNames[$0]) \(session.status(ofPeer: $0).rawValue)" }
        lines.append("  at the end   " + statuses.joined(separator: ", ")
                     + (session.convergenceSteps.last.map { "; converged \($0) steps after the last heal or input" } ?? ""))
        for finding in session.findings { lines.append("  finding      \(finding)") }
        lines.append(run.eventsLine(summary.events))
        return lines
    }
}
