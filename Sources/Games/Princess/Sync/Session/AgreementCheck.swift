/// Whether the peers of a shared session come to show the same characters, and how soon:
/// each time inputs change the shared state or the network heals, a new quiet point; the
/// peers must agree within the settle time of the last one.
struct AgreementCheck {
    /// What a check after a step found.
    enum Verdict: Equatable {
        /// Nothing new: still apart before the deadline, or agreeing as already counted.
        case nothingNew
        /// The peers came to agree, `steps` after the quiet point.
        case converged(steps: Int)
        /// Past the deadline the peer at `peer` (an index) still differs from the first online one.
        case disagreement(peer: Int, stepsAfterQuiet: Int)
    }

    /// Steps the peers have to agree after the quiet point.
    let settleSteps: Int
    /// The last step at which inputs changed the shared state or the network healed.
    private(set) var quietStep: Int
    /// Steps from the quiet point to agreement, each time the peers came to agree after one.
    private(set) var convergenceSteps: [Int] = []
    /// The quiet point whose agreement was counted last.
    private var convergedFor: Int?

    /// A check with `settleSteps` to agree, starting from the scene's last heal at `quietStep`.
    init(settleSteps: Int, quietStep: Int) {
        self.settleSteps = settleSteps
        self.quietStep = quietStep
    }

    /// Steps after which the peers must agree (the last heal or input, plus settle).
    var deadlineStep: Int { quietStep + settleSteps }

    /// Whether every online peer shows the same characters.
    static func agree(_ devices: [PeerDevice]) -> Bool {
        let online = devices.filter(\.online)
        guard let first = online.first else { return true }
        return online.allSatisfy { $0.shownInOrder == first.shownInOrder }
    }

    /// A peer wrote to the shared state at `step`: the quiet point moves to it.
    mutating func wrote(at step: Int) { quietStep = max(quietStep, step) }

    /// Looks at the peers after `step`. A disagreement is reported only while
    /// `disagreementFound` is false, so a session reports it once.
    mutating func check(_ devices: [PeerDevice], at step: Int, disagreementFound: Bool) -> Verdict {
        guard Self.agree(devices) else {
            var verdict = Verdict.nothingNew
            if step >= deadlineStep, !disagreementFound {
                let online = devices.filter(\.online)
                let differing = online.first { $0.shownInOrder != online[0].shownInOrder } ?? online[0]
                verdict = .disagreement(peer: differing.index, stepsAfterQuiet: step - quietStep)
            }
            convergedFor = convergedFor == quietStep ? nil : convergedFor
            return verdict
        }
        guard step >= quietStep, convergedFor != quietStep else { return .nothingNew }
        convergedFor = quietStep
        convergenceSteps.append(step - quietStep)
        return .converged(steps: step - quietStep)
    }
}
