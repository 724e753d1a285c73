import Scene
import Sync

extension Simulate {
    /// A scene with a `session:`: every peer's world, their messages, and whether they agree.
    func runSession(_ description: SceneDescription, frames chosen: FrameSelection?) throws {
        let session = SharedSession(scene: description)
        let firstFrame = chosen?.first ?? 0
        let lastFrame = chosen?.last ?? session.frameCount
        let sink = try trace.map { try TraceFileSink(path: $0) }
        var summary = TraceSummary()
        var sessionEvents = OrderedCounts()
        func collect() {
            let batch = session.drainTrace().filter { $0.frame >= firstFrame }
            summary.add(batch)
            for event in batch { if case .session(let kind)? = event.kind { sessionEvents.add(kind.name) } }
            sink?.write(batch)
        }
        collect()
        for frame in stride(from: 1, through: lastFrame, by: 1) {
            session.advance(toFrame: frame)
            collect()
        }
        try sink?.close()
        let seconds = Double(lastFrame) / Double(session.clock.framesPerSecond)
        var lines = [
            "Simulated \"\(description.name)\" as a shared session of \(session.peerNames.count) peers "
                + "(\(session.peerNames.joined(separator: ", "))): \(SimulationReport.format(seconds)) s, \(lastFrame) frames",
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
        var events = "  events       \(summary.events) in the trace"
        if let trace, trace != "-" { events += " (written to \(trace))" }
        lines.append(events)
        let text = lines.joined(separator: "\n")
        if trace == "-" { Validate.printToStandardError(text) } else { print(text) }
    }
}
