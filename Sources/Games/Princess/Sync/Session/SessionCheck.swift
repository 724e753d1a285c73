import Princess

/// Runs a scene's session under many seeds of its network model and tells whether the
/// peers always came to agree in time, never spawned twice and never accepted a damaged
/// message (what `aria-render sync-check` reports).
public struct SessionCheck {
    /// One seed's run.
    public struct Run: Sendable, Equatable {
        /// The network seed.
        public var seed: UInt64
        /// What went wrong (empty when nothing did).
        public var findings: [SessionFinding]
        /// Steps from the last heal or input to agreement, or nil when they never agreed after it.
        public var convergenceSteps: Int?
        /// Message counts.
        public var counts: SessionCounts
        /// The step the run stopped at.
        public var steps: Int
        /// The first peer's and the first disagreeing peer's dumps, when they disagree at the end.
        public var dumps: (first: String, other: String)?

        public static func == (a: Run, b: Run) -> Bool {
            a.seed == b.seed && a.findings == b.findings && a.convergenceSteps == b.convergenceSteps && a.counts == b.counts && a.steps == b.steps
        }
    }

    /// The scene checked.
    public let scene: SceneDescription

    /// A check of `scene`, which must have a session.
    public init(scene: SceneDescription) { self.scene = scene }

    /// Runs the session with network seed `seed`: to the scene's end, then on (without
    /// inputs) until the settle time after the last heal or input has passed.
    public func run(seed: UInt64) -> Run {
        let session = SharedSession(scene: scene, networkSeed: seed)
        let endStep = session.clock.stepsCompleted(atFrame: session.frameCount)
        session.run(steps: endStep)
        _ = session.drainTrace()
        // Past the end nothing is input: one more step than the deadline needs.
        while session.step <= session.deadlineStep {
            session.run(steps: min(600, session.deadlineStep + 1 - session.step))
            _ = session.drainTrace()
        }
        let converged = session.agrees ? session.convergenceSteps.last : nil
        var dumps: (String, String)?
        if !session.agrees, let other = (1..<session.peerNames.count).first(where: { session.dump(ofPeer: $0) != session.dump(ofPeer: 0) }) {
            dumps = (session.dump(ofPeer: 0), session.dump(ofPeer: other))
        }
        return Run(seed: seed, findings: session.findings, convergenceSteps: converged, counts: session.counts,
                   steps: session.step, dumps: dumps)
    }
}

/// What many runs add up to: the convergence bound measured, and the first failure.
public struct SessionCheckSummary: Sendable {
    /// Seeds run.
    public private(set) var seeds = 0
    /// The first run with a finding, if any.
    public private(set) var firstFailure: SessionCheck.Run?
    /// Each run's steps to agreement.
    public private(set) var convergence: [Int] = []
    /// Total message counts.
    public private(set) var counts = SessionCounts()

    /// An empty summary.
    public init() {}

    /// Adds a run.
    public mutating func add(_ run: SessionCheck.Run) {
        seeds += 1
        if firstFailure == nil, !run.findings.isEmpty { firstFailure = run }
        if let steps = run.convergenceSteps { convergence.append(steps) }
        counts.sent += run.counts.sent
        counts.delivered += run.counts.delivered
        counts.lost += run.counts.lost
        counts.rejected += run.counts.rejected
    }

    /// The `fraction` quantile of the steps to agreement (nearest rank), or nil.
    public func quantile(_ fraction: Double) -> Int? {
        guard !convergence.isEmpty else { return nil }
        let sorted = convergence.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
